import { describe, expect, it } from "vitest";
import en from "~/locales/en.json";
import fr from "~/locales/fr.json";
import ha from "~/locales/ha.json";
import ig from "~/locales/ig.json";
import yo from "~/locales/yo.json";
import { PRODUCT_UNITS } from "~/modules/products/constants";
import { pricePerUnit } from "./price";

const translate = (texts: { perUnit: Record<string, string> }) => (key: string) =>
  texts.perUnit[key.replace("perUnit.", "")] ?? key;

describe("pricePerUnit", () => {
  it("puts the singular unit after the price", () => {
    expect(pricePerUnit(translate(en), "30000.00", "baskets")).toEqual({
      amount: "₦30,000",
      unit: "per basket",
      text: "₦30,000 per basket",
    });
    expect(pricePerUnit(translate(en), 1500, "kg").text).toBe("₦1,500 per kg");
    expect(pricePerUnit(translate(en), 250000, "head").text).toBe("₦250,000 per head");
    expect(pricePerUnit(translate(en), 4000, "dozens").text).toBe("₦4,000 per dozen");
  });

  it("shows the price alone without a unit, or with one outside the fixed list", () => {
    expect(pricePerUnit(translate(en), 500, null)).toEqual({ amount: "₦500", unit: null, text: "₦500" });
    expect(pricePerUnit(translate(en), 500, undefined).text).toBe("₦500");
    expect(pricePerUnit(translate(en), 500, "").text).toBe("₦500");
    expect(pricePerUnit(translate(en), 500, "toString").text).toBe("₦500");
  });

  it("has a text for each of the 12 units in every language", () => {
    for (const texts of [en, fr, ha, ig, yo]) {
      for (const unit of PRODUCT_UNITS) {
        const { unit: per } = pricePerUnit(translate(texts), 100, unit);
        expect(per, unit).toBeTruthy();
        expect(per).not.toBe(`perUnit.${unit}`);
      }
    }
    expect(pricePerUnit(translate(fr), 100, "baskets").unit).toBe("le panier");
  });
});
