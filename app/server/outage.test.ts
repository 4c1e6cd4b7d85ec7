import { describe, expect, it } from "vitest";
import { isServiceOutage } from "./outage";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });

describe("isServiceOutage", () => {
  it("recognises a service out of reach, however deep the cause", () => {
    expect(isServiceOutage(withCode("ECONNREFUSED"))).toBe(true);
    expect(
      isServiceOutage(new Error("query failed", { cause: new Error("socket", { cause: withCode("ECONNRESET") }) })),
    ).toBe(true);
    expect(isServiceOutage(new AggregateError([withCode("ECONNREFUSED")], "all addresses failed"))).toBe(true);
    expect(isServiceOutage(withCode("57P01", "terminating connection due to administrator command"))).toBe(true);
    expect(isServiceOutage(withCode("P1001"))).toBe(true);
    expect(isServiceOutage(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isServiceOutage(new Error("Connection is closed."))).toBe(true);
    expect(isServiceOutage(Object.assign(new Error("adapter"), { cause: { kind: "DatabaseNotReachable" } }))).toBe(
      true,
    );
    expect(
      isServiceOutage(Object.assign(new Error("Service Unavailable"), { $metadata: { httpStatusCode: 503 } })),
    ).toBe(true);
  });

  it("leaves our own faults and refusals as they are", () => {
    expect(isServiceOutage(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isServiceOutage(withCode("P2002", "Unique constraint failed"))).toBe(false);
    expect(isServiceOutage(withCode("23505", "duplicate key value"))).toBe(false);
    expect(isServiceOutage(Object.assign(new Error("NoSuchKey"), { $metadata: { httpStatusCode: 404 } }))).toBe(false);
    expect(isServiceOutage(null)).toBe(false);
    expect(isServiceOutage("ECONNREFUSED")).toBe(false);
    // A cause that refers back to itself is looked at once.
    const loop: Error & { cause?: unknown } = new Error("loop");
    loop.cause = loop;
    expect(isServiceOutage(loop)).toBe(false);
  });
});
