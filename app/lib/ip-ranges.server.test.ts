import { describe, expect, it } from "vitest";
import { addressList, isAddressOrRange, isListed } from "./ip-ranges.server";

describe("allowed addresses", () => {
  it("takes addresses and ranges of both families, nothing else", () => {
    for (const good of ["41.1.2.3", "41.0.0.0/8", "0.0.0.0/0", "2c0f:fe08::/32", "::1", "10.0.0.0/32"])
      expect(isAddressOrRange(good), good).toBe(true);
    for (const bad of ["", "41.1.2", "41.0.0.0/33", "2c0f::/129", "41.0.0.0/8/1", "example.com", "41.0.0.0/x", "/8"])
      expect(isAddressOrRange(bad), bad).toBe(false);
  });

  it("finds a caller in a range, an IPv4 caller behind an IPv6 socket too", () => {
    const list = addressList(["41.0.0.0/8", "196.201.214.200", "2c0f:fe08::/32"]);
    expect(isListed(list, "41.204.1.9")).toBe(true);
    expect(isListed(list, "::ffff:41.204.1.9")).toBe(true);
    expect(isListed(list, "196.201.214.200")).toBe(true);
    expect(isListed(list, "196.201.214.201")).toBe(false);
    expect(isListed(list, "2c0f:fe08:1::5")).toBe(true);
    expect(isListed(list, "127.0.0.1")).toBe(false);
    expect(isListed(list, "unknown")).toBe(false);
  });
});
