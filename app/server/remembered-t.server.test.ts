import { createInstance } from "i18next";
import { describe, expect, it, vi } from "vitest";
import { rememberTexts } from "./remembered-t.server";

async function instance(max?: number) {
  const created = createInstance();
  await created.init({
    lng: "en",
    resources: {
      en: {
        translation: {
          hello: "Hello",
          greet: "Hello, {{name}}",
          bags_one: "{{count}} bag",
          bags_other: "{{count}} bags",
          card: { buy: "Add to Cart", list: ["a", "b"] },
        },
      },
    },
    interpolation: { escapeValue: false },
  });
  // i18next's Translator, which every text goes through (not in i18next's declared types).
  const { translator } = created as unknown as { translator: { translate: (...args: unknown[]) => unknown } };
  const translate = vi.spyOn(translator, "translate");
  rememberTexts(created, max);
  return { created, translate };
}

describe("rememberTexts", () => {
  it("answers a text asked before from memory, with the same words i18next gives", async () => {
    const { created, translate } = await instance();
    const t = created.getFixedT(null, "translation");
    expect(t("hello")).toBe("Hello");
    expect(created.getFixedT(null, "translation")("hello")).toBe("Hello");
    expect(translate).toHaveBeenCalledTimes(1);
  });

  it("keeps values, counts and their types apart", async () => {
    const { created, translate } = await instance();
    const t = created.getFixedT(null, "translation");
    expect(t("greet", { name: "Ada" })).toBe("Hello, Ada");
    expect(t("greet", { name: "Bala" })).toBe("Hello, Bala");
    expect(t("greet", { name: "Ada" })).toBe("Hello, Ada");
    expect(t("bags", { count: 1 })).toBe("1 bag");
    expect(t("bags", { count: 2 })).toBe("2 bags");
    expect(t("bags", { count: 1 })).toBe("1 bag");
    expect(translate).toHaveBeenCalledTimes(4);
    // A number and its digits as a word are asked of i18next apart (plurals read only numbers).
    expect(t("greet", { name: 7 })).toBe("Hello, 7");
    expect(t("greet", { name: "7" })).toBe("Hello, 7");
    expect(translate).toHaveBeenCalledTimes(6);
  });

  it("keeps a key prefix's texts apart from the same key without it", async () => {
    const { created } = await instance();
    expect(created.getFixedT(null, "translation", "card")("buy")).toBe("Add to Cart");
    expect(created.getFixedT(null, "translation")("buy")).toBe("buy");
    expect(created.getFixedT(null, "translation", "card")("buy")).toBe("Add to Cart");
  });

  it("leaves to i18next what it cannot key: objects among the options, a default value, several keys, objects back", async () => {
    const { created, translate } = await instance();
    const t = created.getFixedT(null, "translation") as unknown as (...args: unknown[]) => unknown;
    const format = { name: { toString: () => "Ngozi" } };
    t("greet", format);
    t("greet", format);
    t("missing", "Fallback words");
    t("missing", "Fallback words");
    t(["missing", "hello"]);
    t(["missing", "hello"]);
    expect(t("card.list", { returnObjects: true })).toEqual(["a", "b"]);
    expect(t("card.list", { returnObjects: true })).not.toBe(t("card.list", { returnObjects: true }));
    expect(translate.mock.calls.length).toBeGreaterThanOrEqual(9);
    expect(t("missing", "Fallback words")).toBe("Fallback words");
  });

  it("starts its memory again once full", async () => {
    const { created, translate } = await instance(2);
    const t = created.getFixedT(null, "translation");
    t("greet", { name: "a" });
    t("greet", { name: "b" });
    t("greet", { name: "c" }); // full: forgets a and b
    t("greet", { name: "c" });
    t("greet", { name: "a" });
    expect(translate).toHaveBeenCalledTimes(4);
  });

  it("carries the language, namespace and prefix i18next's own function carries", async () => {
    const { created } = await instance();
    const t = created.getFixedT("en", "translation", "card") as unknown as Record<string, unknown>;
    expect(t.lng).toBe("en");
    expect(t.ns).toBe("translation");
    expect(t.keyPrefix).toBe("card");
  });
});
