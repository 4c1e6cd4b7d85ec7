import { PRODUCT_UNITS, type ProductUnit } from "~/modules/products/constants";
import { formatNaira } from "~/lib/currency";

// A price and the unit it is for, shown the same way on every card:
// '₦30,000 per basket' (the singular unit, from the "perUnit" texts).

/** Translates a key; i18next's `t` fits, and so does a plain function in tests. */
type Translate = (key: `perUnit.${ProductUnit}`) => string;

function isProductUnit(unit: string): unit is ProductUnit {
  return (PRODUCT_UNITS as readonly string[]).includes(unit);
}

export interface PricePerUnit {
  /** '₦30,000' */
  amount: string;
  /** 'per basket', or null when the listing has no unit (or one outside the fixed list). */
  unit: string | null;
  /** Both together: '₦30,000 per basket', or '₦30,000'. */
  text: string;
}

export function pricePerUnit(t: Translate, amount: number | string, unit: string | null | undefined): PricePerUnit {
  const money = formatNaira(amount);
  const per = unit && isProductUnit(unit) ? t(`perUnit.${unit}`) : null;
  return { amount: money, unit: per, text: per ? `${money} ${per}` : money };
}
