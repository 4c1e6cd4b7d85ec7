import { LISTING_LIMITS } from "~/modules/listings/constants";
import { createListing } from "~/modules/listings/listings.server";
import { listingSchema, priceNgn as priceNgnSchema } from "~/modules/listings/schemas";
import { findTown } from "~/modules/listings/towns";
import { Refusal } from "~/server/refusal";
import { con, end, type FlowScreens, type Reply, type Turn } from "../dispatch";
import type { ScreenOf } from "../state";
import { naira, perUnit, unitsOf, wholeNumber } from "./words";

// Selling, once the PIN was given (pin.ts) and the product chosen (choose.ts): a quantity, a
// price and a town, then a listing created, checked and indexed as the listing form's.

/** A price as typed on a keypad ("30000", "30,000", "N30000", "2500.50"), checked as the listing form checks it. */
function nairaTyped(answer: string): string | null {
  const compact = answer.replace(/^[Nn₦]/, "").replace(/[,\s]/g, "");
  const parsed = priceNgnSchema.safeParse(compact);
  return parsed.success ? parsed.data : null;
}

async function listProduct(screen: ScreenOf<"sellConfirm">, turn: Turn): Promise<Reply> {
  const { t, session } = turn;
  const { product, quantity, priceNgn, town } = screen;
  if (!session.userId) return turn.go({ name: "menu" });
  const parsed = listingSchema.safeParse({
    productId: product.id,
    priceNgn,
    quantity,
    condition: "new",
    images: product.image ? [product.image] : [],
    latitude: town.latitude ?? undefined,
    longitude: town.longitude ?? undefined,
    locality: town.state ? `${town.name}, ${town.state}` : town.name,
    status: "active",
  });
  if (!parsed.success) return end(t(parsed.error.issues[0]?.message ?? "ussd.failed"));
  try {
    await createListing(parsed.data, session.userId);
  } catch (error) {
    if (error instanceof Refusal) return end(t(error.message, error.params));
    throw error;
  }
  return end(
    t("ussd.listed", { product: product.name, quantity, units: unitsOf(t, product.unit), price: naira(priceNgn) }),
  );
}

export const sellScreens: FlowScreens<"sellQuantity" | "sellPrice" | "sellTown" | "sellConfirm"> = {
  sellQuantity: {
    show: ({ product }, { t }, notes) =>
      con([...notes, t("ussd.sellQuantity", { units: unitsOf(t, product.unit), product: product.name })]),
    answer: (screen, answer, turn) => {
      const quantity = wholeNumber(answer);
      if (quantity === null || quantity < LISTING_LIMITS.quantityMin || quantity > LISTING_LIMITS.quantityMax)
        return turn.go(screen, [turn.t("ussd.quantityInvalid", { max: LISTING_LIMITS.quantityMax })]);
      return turn.go({ name: "sellPrice", product: screen.product, quantity });
    },
  },
  sellPrice: {
    show: ({ product }, { t }, notes) => con([...notes, t("ussd.sellPrice", { per: perUnit(t, product.unit) })]),
    answer: (screen, answer, turn) => {
      const priceNgn = nairaTyped(answer);
      if (!priceNgn) return turn.go(screen, [turn.t("ussd.priceInvalid")]);
      return turn.go({ ...screen, name: "sellTown", priceNgn });
    },
  },
  sellTown: {
    show: (_screen, { t }, notes) => con([...notes, t("ussd.sellTown")]),
    answer: (screen, answer, turn) => {
      const town = findTown(answer);
      if (!answer || !town) return turn.go(screen, [turn.t("ussd.townUnknown", { typed: answer.slice(0, 30) })]);
      return turn.go({
        ...screen,
        name: "sellConfirm",
        town: { name: town.name, state: town.state, latitude: town.latitude, longitude: town.longitude },
      });
    },
  },
  sellConfirm: {
    show: (screen, { t }, notes) =>
      con(
        [
          ...notes,
          t("ussd.sellConfirm", {
            quantity: screen.quantity,
            units: unitsOf(t, screen.product.unit),
            product: screen.product.name,
            price: naira(screen.priceNgn),
            town: screen.town.name,
          }),
        ],
        [
          { key: "1", label: t("ussd.yes") },
          { key: "2", label: t("ussd.no") },
        ],
      ),
    answer: (screen, answer, turn) => {
      if (answer === "1") return listProduct(screen, turn);
      if (answer === "2") return turn.go({ name: "menu" });
      return turn.go(screen, [turn.t("ussd.invalidChoice")]);
    },
  },
};
