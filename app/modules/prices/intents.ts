import { intentGuard } from "~/lib/page-reply";

/** What the prices page's forms ask of its action (`intent`). */
export const PRICE_INTENTS = ["follow", "unfollow"] as const;
export type PriceIntent = (typeof PRICE_INTENTS)[number];
export const isPriceIntent = intentGuard(PRICE_INTENTS);
