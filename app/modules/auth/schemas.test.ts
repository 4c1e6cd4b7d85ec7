import { describe, expect, it } from "vitest";
import { loginSchema, registerSchema, safeRedirect } from "./schemas";

const valid = { firstName: "Amina", lastName: "Bello", username: "amina_b", password: "12345678" };

describe("registerSchema", () => {
  it("accepts the minimum and trims names", () => {
    const parsed = registerSchema.parse({ ...valid, firstName: "  Amina ", email: "" });
    expect(parsed.firstName).toBe("Amina");
    expect(parsed.email).toBeUndefined();
  });

  it("enforces what the form only hints", () => {
    const problems = (input: Record<string, unknown>) => registerSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(problems({ ...valid, username: "ab" })).toEqual(["auth.errors.usernameLength"]);
    expect(problems({ ...valid, username: "a".repeat(51) })).toEqual(["auth.errors.usernameLength"]);
    expect(problems({ ...valid, password: "1234567" })).toEqual(["auth.errors.passwordTooShort"]);
    expect(problems({ ...valid, email: "x@" })).toEqual(["auth.errors.emailInvalid"]);
    expect(problems({ ...valid, firstName: "" })).toEqual(["auth.errors.firstNameRequired"]);
    expect(problems({ ...valid, username: "Ọlá.Ade-1" })).toEqual([]);
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
