import { intentGuard } from "~/lib/page-reply";

/** What the cart page's forms ask of its action (`intent`). */
export const CART_INTENTS = ["quantity", "remove", "send"] as const;
export type CartIntent = (typeof CART_INTENTS)[number];
export const isCartIntent = intentGuard(CART_INTENTS);
