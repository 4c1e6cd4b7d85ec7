import { describe, expect, it } from "vitest";
import { ERROR_CATALOGUE } from "./errors/catalogue";
import { notFound, Refusal } from "./refusal";

describe("Refusal", () => {
  it("takes its status from the catalogue, and its options by name", () => {
    const refusal = new Refusal("MKT_OUT_OF_STOCK", "cart.errors.onlyLeft", {
      fields: { quantity: ["cart.errors.onlyLeft"] },
      params: { count: 2 },
    });
    expect(refusal).toBeInstanceOf(Error);
    expect([refusal.status, refusal.code, refusal.message]).toEqual([409, "MKT_OUT_OF_STOCK", "cart.errors.onlyLeft"]);
    expect(refusal.fields).toEqual({ quantity: ["cart.errors.onlyLeft"] });
    expect(refusal.params).toEqual({ count: 2 });
    expect(refusal.headers).toBeUndefined();
  });

  it("answers every code of the catalogue with that code's status", () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE))
      expect(new Refusal(code as keyof typeof ERROR_CATALOGUE, "errors.validation").status, code).toBe(entry.status);
  });

  it("makes a not-found refusal with notFound()", () => {
    const refusal = notFound("DB_RECORD_NOT_FOUND", "orders.errors.notFound", {
      headers: { "Cache-Control": "no-store" },
    });
    expect([refusal.status, refusal.code, refusal.message]).toEqual([
      404,
      "DB_RECORD_NOT_FOUND",
      "orders.errors.notFound",
    ]);
    expect(refusal.headers).toEqual({ "Cache-Control": "no-store" });
  });
});
