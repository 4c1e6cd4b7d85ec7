import { describe, expect, it } from "vitest";
import { Refusal } from "~/server/refusal";
import { validate } from "~/server/validation";
import { isNewsletterToken, newsletterSchema } from "./schemas";

describe("newsletterSchema", () => {
  it("keeps an address trimmed and lower-cased, as it is stored", () => {
    expect(newsletterSchema.parse({ email: "  Amina@Example.NG " }).email).toBe("amina@example.ng");
  });

  it("refuses what is not an e-mail address with VLD_INVALID_EMAIL", () => {
    for (const email of ["", "amina", "x@", `${"a".repeat(250)}@x.ng`, "ami\u0000na@x.ng", null, 42]) {
      let refusal: unknown = null;
      try {
        validate(newsletterSchema, { email });
      } catch (error) {
        refusal = error;
      }
      expect(refusal, String(email)).toBeInstanceOf(Refusal);
      expect(
        (refusal as Refusal).code === "VLD_INVALID_EMAIL" || (refusal as Refusal).code === "VLD_REQUIRED_FIELD",
      ).toBe(true);
      expect((refusal as Refusal).status).toBe(400);
    }
    expect(() => validate(newsletterSchema, { email: "x@" })).toThrow(
      expect.objectContaining({ code: "VLD_INVALID_EMAIL" }),
    );
  });
});

describe("isNewsletterToken", () => {
  it("takes only the server's own form of token", () => {
    expect(isNewsletterToken("A".repeat(43))).toBe(true);
    expect(isNewsletterToken("a-_".repeat(14) + "b")).toBe(true);
    for (const token of ["", "A".repeat(42), "A".repeat(44), `${"A".repeat(42)}/`, `${"A".repeat(42)}=`, null, 7]) {
      expect(isNewsletterToken(token), String(token)).toBe(false);
    }
  });
});
