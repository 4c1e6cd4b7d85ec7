// Amounts are exact decimals in naira; they are shown as ₦12,500 (en-NG,
// no decimals) in every interface language.
const naira = new Intl.NumberFormat("en-NG", {
  style: "currency",
  currency: "NGN",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Formats naira for display. Accepts the decimal strings the API carries. */
export function formatNaira(amount: number | string): string {
  const value = typeof amount === "string" ? Number(amount) : amount;
  if (!Number.isFinite(value)) return "";
  return naira.format(value);
}
