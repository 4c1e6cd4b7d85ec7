import { describe, expect, it } from "vitest";
import { validate } from "~/server/validation";
import { Refusal } from "~/server/refusal";
import { OCCUPATIONS, occupationLabelKey } from "./constants";
import {
  loginSchema,
  phoneIssueCode,
  phoneSchema,
  profileSchema,
  registerSchema,
  safeRedirect,
  sitePath,
} from "./schemas";

const valid = { firstName: "Amina", lastName: "Bello", username: "amina_b", password: "12345678" };

describe("registerSchema", () => {
  it("accepts the minimum and trims names", () => {
    const parsed = registerSchema.parse({ ...valid, firstName: "  Amina ", email: "" });
    expect(parsed.firstName).toBe("Amina");
    expect(parsed.email).toBeUndefined();
  });

  it("enforces what the form only hints", () => {
    const problems = (input: Record<string, unknown>) =>
      registerSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(problems({ ...valid, username: "ab" })).toEqual(["auth.errors.usernameLength"]);
    expect(problems({ ...valid, username: "a".repeat(51) })).toEqual(["auth.errors.usernameLength"]);
    expect(problems({ ...valid, password: "1234567" })).toEqual(["auth.errors.passwordTooShort"]);
    expect(problems({ ...valid, email: "x@" })).toEqual(["auth.errors.emailInvalid"]);
    expect(problems({ ...valid, firstName: "" })).toEqual(["auth.errors.firstNameRequired"]);
    expect(problems({ ...valid, username: "Ọlá.Ade-1" })).toEqual([]);
  });
});

describe("occupation", () => {
  it("is optional at sign-up and in Profile: absent, empty or null means not said", () => {
    expect(registerSchema.parse(valid).occupation).toBeUndefined();
    expect(registerSchema.parse({ ...valid, occupation: "" }).occupation).toBeUndefined();
    expect(registerSchema.parse({ ...valid, occupation: "  " }).occupation).toBeUndefined();
    expect(registerSchema.parse({ ...valid, occupation: null }).occupation).toBeNull();
    expect(profileSchema.parse({ firstName: "Amina", lastName: "Bello", occupation: "" }).occupation).toBeUndefined();
  });

  it("takes each of the four words", () => {
    for (const occupation of OCCUPATIONS) {
      expect(registerSchema.parse({ ...valid, occupation }).occupation).toBe(occupation);
      expect(profileSchema.parse({ firstName: "Amina", lastName: "Bello", occupation }).occupation).toBe(occupation);
    }
  });

  it("refuses anything else with a catalogue validation error on the field", () => {
    for (const occupation of ["Farmer", "admin", "doctor", 3, ["farmer"], "farmer\u0000"]) {
      const refusal = (() => {
        try {
          validate(registerSchema, { ...valid, occupation });
        } catch (error) {
          return error;
        }
        return null;
      })();
      expect(refusal, String(occupation)).toBeInstanceOf(Refusal);
      expect((refusal as Refusal).status).toBe(400);
      expect((refusal as Refusal).code).toMatch(/^VLD_/);
      expect((refusal as Refusal).fields).toEqual({ occupation: ["auth.errors.occupationInvalid"] });
    }
  });

  it("never carries a role: unknown keys are dropped", () => {
    expect(registerSchema.parse({ ...valid, role: "ADMIN", occupation: "trader" })).not.toHaveProperty("role");
    expect(profileSchema.parse({ firstName: "A", lastName: "B", role: "ADMIN" })).not.toHaveProperty("role");
  });

  it("names people by what they said, 'Member' when they said nothing, and administrators as such", () => {
    expect(occupationLabelKey({ isAdmin: false, occupation: "herbalist" })).toBe("nav.occupations.herbalist");
    expect(occupationLabelKey({ isAdmin: false, occupation: null })).toBe("nav.roleMember");
    expect(occupationLabelKey({ isAdmin: true, occupation: "farmer" })).toBe("nav.roleAdmin");
  });
});

describe("loginSchema", () => {
  it("requires both fields", () => {
    expect(loginSchema.safeParse({}).error?.issues.map((issue) => issue.path[0])).toEqual(["username", "password"]);
  });
});

describe("safeRedirect", () => {
  it("keeps paths of this site only", () => {
    expect(safeRedirect("/marketplace?q=yam")).toBe("/marketplace?q=yam");
    expect(safeRedirect("//evil.example")).toBe("/");
    expect(safeRedirect("/\\evil.example")).toBe("/");
    expect(safeRedirect("https://evil.example")).toBe("/");
    expect(safeRedirect("/auth")).toBe("/");
    expect(safeRedirect(null, "/dashboard")).toBe("/dashboard");
  });
});

describe("sitePath", () => {
  it("keeps any path of this site, the sign-in page included, as the address parser writes it", () => {
    expect(sitePath("/auth?redirectTo=%2Fmarketplace")).toBe("/auth?redirectTo=%2Fmarketplace");
    expect(sitePath("/marketplace?q=ọ̀gẹ̀dẹ̀")).toBe(`/marketplace?q=${encodeURI("ọ̀gẹ̀dẹ̀")}`);
  });

  it("refuses everything that is not one", () => {
    for (const bad of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
      "marketplace",
      "",
      "/a\u0000b",
      `/${"a".repeat(2048)}`,
    ]) {
      expect(sitePath(bad), JSON.stringify(bad)).toBeNull();
    }
    expect(sitePath(null)).toBeNull();
  });
});

describe("text the database cannot store", () => {
  const problems = (schema: typeof registerSchema | typeof loginSchema, input: Record<string, unknown>) =>
    schema.safeParse(input).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];

  it.each(["firstName", "lastName", "username", "email", "password"])(
    "refuses NUL and a lone surrogate in %s",
    (field) => {
      for (const bad of ["a\u0000bcdefgh", "abcdefgh\uD800", "\uDC00abcdefgh"]) {
        expect(problems(registerSchema, { ...valid, email: "amina@example.ng", [field]: bad })).toEqual([
          `${field}: errors.invalidText`,
        ]);
      }
    },
  );

  it("refuses them at sign-in too, password included", () => {
    expect(problems(loginSchema, { username: "amina\u0000", password: "x" })).toEqual(["username: errors.invalidText"]);
    expect(problems(loginSchema, { username: "amina", password: "\uD800" })).toEqual(["password: errors.invalidText"]);
  });

  it("checks the username's length as it is stored: lower-cased", () => {
    // "İ" lower-cases to "i" and a combining dot: 50 of them would be 100 characters.
    expect(problems(registerSchema, { ...valid, username: "İ".repeat(50) })).toEqual([
      "username: auth.errors.usernameLength",
    ]);
    expect(registerSchema.parse({ ...valid, username: "İ".repeat(25) }).username).toBe("i\u0307".repeat(25));
    expect(loginSchema.parse({ username: " AMINA ", password: "x" }).username).toBe("amina");
  });

  it("takes Yoruba names with tone marks as usernames, in NFC", () => {
    expect(registerSchema.parse({ ...valid, username: "Ade\u0301ba\u0301yo\u0323\u0300" }).username).toBe(
      "adébáyọ̀".normalize("NFC"),
    );
    expect(problems(registerSchema, { ...valid, username: "\u0301abc" })).toEqual([
      "username: auth.errors.usernameFormat",
    ]);
  });

  it("keeps passwords as typed", () => {
    expect(loginSchema.parse({ username: "amina", password: "  pass word  " }).password).toBe("  pass word  ");
  });
});

describe("safeRedirect on hostile input", () => {
  it("falls back for control characters, NUL and lone surrogates, and encodes what it keeps", () => {
    expect(safeRedirect("/marketplace\u0000")).toBe("/");
    expect(safeRedirect("/marketplace\r\nSet-Cookie: x=1")).toBe("/");
    expect(safeRedirect("/market\uD800")).toBe("/");
    expect(safeRedirect("/a\\b")).toBe("/");
    expect(safeRedirect("/marketplace?search=Ọ̀gẹ̀dẹ̀")).toBe(`/marketplace?search=${encodeURIComponent("Ọ̀gẹ̀dẹ̀")}`);
  });
});

describe("phoneSchema", () => {
  it.each(["0803 123 4567", "08031234567", "+2348031234567", "2348031234567", "0803-123-4567"])(
    "stores %s as +2348031234567",
    (phone) => {
      expect(phoneSchema.parse({ phone })).toEqual({ phone: "+2348031234567" });
    },
  );

  it("refuses other numbers with the invalid-phone message, and a missing one as required", () => {
    const message = (phone: unknown) => phoneSchema.safeParse({ phone }).error?.issues[0]?.message;
    expect(message("0713 123 4567")).toBe("contact.errors.phoneInvalid");
    expect(message("+44 7911 123456")).toBe("contact.errors.phoneInvalid");
    expect(message("0803 123 456")).toBe("contact.errors.phoneInvalid");
    expect(message("")).toBe("contact.errors.phoneRequired");
    expect(message(undefined)).toBe("contact.errors.phoneRequired");
    expect(phoneIssueCode({ code: "custom", message: "contact.errors.phoneInvalid" })).toBe("VLD_INVALID_PHONE");
    expect(phoneIssueCode({ code: "too_small", message: "contact.errors.phoneRequired" })).toBe("VLD_REQUIRED_FIELD");
  });
});
