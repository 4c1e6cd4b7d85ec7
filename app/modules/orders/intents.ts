import { intentGuard } from "~/lib/page-reply";
import type { OrderAction } from "./constants";

/** What the order page's forms ask of its action (`intent`): a move, a message, a report, a review, an answer. */
export const ORDER_INTENTS = [
  "accept",
  "decline",
  "cancel",
  "deliver",
  "confirm",
  "dispute",
  "message",
  "report",
  "review",
  "reply",
] as const;
export type OrderIntent = (typeof ORDER_INTENTS)[number];
export const isOrderIntent = intentGuard(ORDER_INTENTS);

/** A posted field with something in it, or undefined: an empty box is a value not given, as in the API's JSON. */
export function filledField(form: FormData, name: string) {
  const value = form.get(name);
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** The seller's changes from the accept form: `quantity_{item}` and `price_{item}` for each item. */
function changesFrom(form: FormData) {
  const items = form.getAll("item").map(String);
  const changes = items.map((id) => {
    const quantity = String(form.get(`quantity_${id}`) ?? "").trim();
    const price = String(form.get(`price_${id}`) ?? "").trim();
    return {
      id,
      ...(quantity ? { quantity: /^\d{1,7}$/.test(quantity) ? Number(quantity) : quantity } : {}),
      ...(price ? { priceNgn: price } : {}),
    };
  });
  return changes.length > 0 ? { items: changes } : {};
}

/**
 * A move's form in the shape POST /api/orders/{id}/{move} is sent (readMove checks both): the
 * seller's changes when accepting, why when declining or disputing, nothing otherwise.
 */
export function moveBody(action: OrderAction, form: FormData): Record<string, unknown> {
  if (action === "accept") return changesFrom(form);
  if (action === "decline") return { reason: filledField(form, "reason") };
  if (action === "dispute") return { reason: filledField(form, "reason"), note: filledField(form, "note") };
  return {};
}
