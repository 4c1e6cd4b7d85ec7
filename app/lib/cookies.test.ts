import { describe, expect, it } from "vitest";
import { readCookie } from "./cookies";

describe("readCookie", () => {
  it("finds a cookie among others, whatever the spacing", () => {
    expect(readCookie("a=1; asiiko-lang=ha;asiiko-theme=dark", "asiiko-theme")).toBe("dark");
    expect(readCookie("asiiko-lang=ha", "asiiko-lang")).toBe("ha");
  });

  it("decodes percent-encoding and drops surrounding quotes", () => {
    expect(readCookie("asiiko-operator=a%20b%3Dc", "asiiko-operator")).toBe("a b=c");
    expect(readCookie('asiiko-lang="yo"', "asiiko-lang")).toBe("yo");
  });

  it("keeps an '=' inside the value", () => {
    expect(readCookie("token=abc==", "token")).toBe("abc==");
  });

  it("does not take a cookie whose name only ends or starts with the name asked for", () => {
    expect(readCookie("xasiiko-lang=fr; asiiko-lang-old=ig", "asiiko-lang")).toBeUndefined();
  });

  it.each(["asiiko-lang=%", "asiiko-lang=%E0%A4%A", "asiiko-lang=%ZZ"])(
    "reads malformed encoding as absent, never throws: %s",
    (header) => {
      expect(readCookie(header, "asiiko-lang")).toBeUndefined();
    },
  );

  it("reads nothing from an empty or missing header, or a part with no '='", () => {
    expect(readCookie(undefined, "a")).toBeUndefined();
    expect(readCookie(null, "a")).toBeUndefined();
    expect(readCookie("", "a")).toBeUndefined();
    expect(readCookie("a; b=2", "a")).toBeUndefined();
  });
});
