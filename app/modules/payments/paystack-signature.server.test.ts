import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { paystackSignature, verifyPaystackSignature } from "./paystack-signature.server";

const secret = "sk_test_0123456789abcdef0123456789abcdef";
const body = JSON.stringify({ event: "charge.success", data: { reference: "ref-1", amount: 1_500_000 } });
/** Computed independently of the module under test. */
const signed = createHmac("sha512", secret).update(body).digest("hex");

describe("verifyPaystackSignature", () => {
  it("takes the HMAC-SHA512 (hex) of the raw body keyed by the secret key", () => {
    expect(paystackSignature(body, secret)).toBe(signed);
    expect(verifyPaystackSignature(body, signed, secret)).toBe(true);
    // Hex digits in either case, and surrounding spaces, are the same signature.
    expect(verifyPaystackSignature(body, ` ${signed.toUpperCase()} `, secret)).toBe(true);
  });

  it("refuses a body changed by one character, and a signature made with another key", () => {
    expect(verifyPaystackSignature(body.replace("1500000", "1500001"), signed, secret)).toBe(false);
    expect(verifyPaystackSignature(`${body} `, signed, secret)).toBe(false);
    const other = createHmac("sha512", "sk_test_other").update(body).digest("hex");
    expect(verifyPaystackSignature(body, other, secret)).toBe(false);
  });

  it("refuses the signature of the parsed-and-reserialised body (only the raw bytes count)", () => {
    const spaced = JSON.stringify(JSON.parse(body), null, 1);
    expect(verifyPaystackSignature(spaced, signed, secret)).toBe(false);
  });

  it("refuses a missing, empty, malformed or wrong-length header without throwing", () => {
    for (const header of [
      null,
      "",
      "   ",
      signed.slice(0, 127),
      `${signed}0`,
      signed.slice(0, 64),
      `${signed.slice(0, 127)}g`,
      `sha512=${signed}`,
      createHmac("sha256", secret).update(body).digest("hex"),
      Buffer.from(signed, "hex").toString("base64"),
    ]) {
      expect(verifyPaystackSignature(body, header, secret), String(header)).toBe(false);
    }
  });

  it("refuses everything when no secret is configured", () => {
    expect(verifyPaystackSignature(body, createHmac("sha512", "").update(body).digest("hex"), "")).toBe(false);
  });
});
