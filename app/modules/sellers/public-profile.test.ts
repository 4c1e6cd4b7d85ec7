import { describe, expect, it } from "vitest";
import { chooseTown, monthAndYear, publicName } from "./public-profile";

describe("publicName", () => {
  it("is the first name and the initial of the last", () => {
    expect(publicName("Ngozi", "Adeyemi")).toBe("Ngozi A.");
  });

  it("trims both names and writes the initial in capitals", () => {
    expect(publicName("  Musa ", "  bello")).toBe("Musa B.");
  });

  it("keeps a letter with its accent whole", () => {
    expect(publicName("Ọlá", "Ọ̀ṣun")).toBe("Ọlá Ọ.");
  });

  it("leaves out what is missing, never a lone dot", () => {
    expect(publicName("Chidi", "")).toBe("Chidi");
    expect(publicName("", "Okafor")).toBe("O.");
    expect(publicName(" ", " ")).toBe("");
  });
});

describe("chooseTown", () => {
  it("is the place most listings name", () => {
    expect(chooseTown(["Ibadan", "Nsukka, Enugu", "Nsukka, Enugu", null, "Ibadan", "Nsukka, Enugu"])).toBe(
      "Nsukka, Enugu",
    );
  });

  it("counts a place typed with other spaces or case as the same, shown as on the newest listing", () => {
    expect(chooseTown(["Nsukka, Enugu ", "Ibadan", "nsukka,  enugu", "NSUKKA, ENUGU"])).toBe("Nsukka, Enugu");
    expect(chooseTown(["  epe   lagos ", "Epe Lagos"])).toBe("epe lagos");
  });

  it("gives a tie to the newer listing's place (places come newest first)", () => {
    expect(chooseTown(["Kano", "Zaria", "Zaria", "Kano"])).toBe("Kano");
    expect(chooseTown(["Zaria", "Kano"])).toBe("Zaria");
  });

  it("is null when no listing names a place", () => {
    expect(chooseTown([])).toBeNull();
    expect(chooseTown([null, "", "   "])).toBeNull();
  });
});

describe("monthAndYear", () => {
  it("names the month in the reader's language", () => {
    expect(monthAndYear("2025-03", "en")).toBe("March 2025");
    expect(monthAndYear("2025-03", "fr")).toBe("mars 2025");
    expect(monthAndYear("2025-03", "ha")).toBe("Maris 2025");
    expect(monthAndYear("2024-12", "ha")).toBe("Disamba 2024");
  });

  it("is empty for what is not a month", () => {
    expect(monthAndYear("2025-13", "en")).toBe("");
    expect(monthAndYear("", "en")).toBe("");
  });
});
