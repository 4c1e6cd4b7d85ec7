import { describe, expect, it } from "vitest";
import { Prisma } from "~/generated/prisma/client";
import { isDatabaseRefusal } from "./db-errors";

const known = (code: string) => new Prisma.PrismaClientKnownRequestError("refused", { code, clientVersion: "test" });

describe("isDatabaseRefusal", () => {
  it("tells Prisma's report of the refusal asked about", () => {
    expect(isDatabaseRefusal(known("P2002"), "P2002")).toBe(true);
    expect(isDatabaseRefusal(known("P2003"), "P2003")).toBe(true);
  });

  it("is false for another code, another error or no error", () => {
    expect(isDatabaseRefusal(known("P2003"), "P2002")).toBe(false);
    expect(isDatabaseRefusal(new Error("P2002"), "P2002")).toBe(false);
    expect(isDatabaseRefusal({ code: "P2002" }, "P2002")).toBe(false);
    expect(isDatabaseRefusal(undefined, "P2003")).toBe(false);
  });
});
