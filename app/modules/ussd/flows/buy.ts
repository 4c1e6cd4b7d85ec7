import { plainLettersFor } from "~/lib/gsm";
import { distanceKm } from "~/lib/geo";
import { nearestOnSale } from "~/modules/listings/nearby.server";
import { listingSellerContact } from "~/modules/listings/seller-contact.server";
import { requestListing } from "~/modules/orders/requesting.server";
import { publicName } from "~/modules/sellers/public-profile";
import { queueSms } from "~/modules/sms/sms.server";
import { logger } from "~/server/logger.server";
import { Refusal } from "~/server/refusal";
import { createPhoneAccount } from "../callers.server";
import { USSD_LIST_SIZE } from "../constants";
import { con, end, type FlowScreens, type Reply, type Turn } from "../dispatch";
import type { ScreenOf } from "../state";
import { firstNameOf, naira, picked, toMenu, unitsOf, wholeNumber } from "./words";

// Buying: the five nearest listings of the product on sale in the town chosen (choose.ts), a
// quantity, a first name for a number with no account, and an order request as the web's,
// with a text to the buyer saying who to expect an answer from.

async function placeOrder(screen: ScreenOf<"orderConfirm">, turn: Turn): Promise<Reply> {
  const { session, t } = turn;
  const { listing, quantity, product } = screen;
  if (!session.userId) {
    session.userId = await createPhoneAccount({
      phone: session.phone,
      firstName: session.firstName ?? "",
      language: session.language ?? "en",
    });
  }
  let placed;
  try {
    placed = await requestListing(
      session.userId,
      { listingId: listing.id, quantity },
      { placedByPhone: true },
      turn.now,
    );
  } catch (error) {
    if (error instanceof Refusal && error.status === 403) return end(t("ussd.ownListing"));
    if (error instanceof Refusal) return end(t("ussd.notEnough", { quantity }));
    throw error;
  }
  const seller = await listingSellerContact(listing.id);
  const sellerName = seller?.name ?? listing.seller;
  // The seller's number, when verified and shown to buyers on the listing; else it comes with their answer.
  const phone = seller?.phone ?? null;
  const values = {
    reference: placed.reference,
    quantity,
    units: unitsOf(t, product.unit),
    product: product.name,
    seller: sellerName,
    phone,
  };
  try {
    await queueSms({
      to: session.phone,
      body: phone ? t("ussd.sms.orderPlaced", values) : t("ussd.sms.orderPlacedNoPhone", values),
      kind: "order_buyer",
      userId: session.userId,
      plainLetters: plainLettersFor(session.language),
    });
  } catch (error) {
    logger.error({ err: error }, "the buyer's text about a USSD order could not be queued");
  }
  return end(t("ussd.orderSent", { reference: placed.reference, seller: sellerName }));
}

export const buyScreens: FlowScreens<"listings" | "quantity" | "buyerName" | "orderConfirm"> = {
  listings: {
    show: async (screen, turn, notes) => {
      const { t, session } = turn;
      const { product, town } = screen;
      const found = await nearestOnSale(product.id, town, session.userId, USSD_LIST_SIZE);
      if (found.length === 0) return end(...notes, t("ussd.noListings", { product: product.name, town: town.name }));
      const lines = found.map((row) => {
        const seller = publicName(row.sellerFirstName, row.sellerLastName);
        const km =
          row.latitude !== null && row.longitude !== null && town.latitude !== null && town.longitude !== null
            ? ` ${Math.round(distanceKm({ latitude: row.latitude, longitude: row.longitude }, { latitude: town.latitude, longitude: town.longitude }))}km`
            : "";
        return {
          offer: { id: row.id, seller, priceNgn: row.priceNgn, available: row.available },
          label: `${seller}${row.verified ? "+" : ""} ${row.available} ${unitsOf(t, product.unit)} ${naira(row.priceNgn)}${km}`,
        };
      });
      return turn.shows(
        { ...screen, offered: lines.map((line) => line.offer) },
        con(
          [...notes, t("ussd.listingsTitle", { product: product.name, town: town.name })],
          lines.map((line, index) => ({ key: String(index + 1), label: line.label })),
          toMenu(t),
        ),
      );
    },
    answer: (screen, answer, turn) => {
      const listing = picked(screen.offered, answer);
      if (!listing) return turn.go({ ...screen, offered: [] }, [turn.t("ussd.invalidChoice")]);
      return turn.go({ name: "quantity", product: screen.product, listing });
    },
  },
  quantity: {
    show: (screen, { t }, notes) =>
      con([
        ...notes,
        t("ussd.quantityPrompt", { units: unitsOf(t, screen.product.unit), max: screen.listing.available }),
      ]),
    answer: (screen, answer, turn) => {
      const max = screen.listing.available;
      const quantity = wholeNumber(answer);
      if (quantity === null || quantity < 1 || quantity > max)
        return turn.go(screen, [turn.t("ussd.quantityInvalid", { max })]);
      const next = { product: screen.product, listing: screen.listing, quantity };
      return turn.go(turn.session.userId ? { name: "orderConfirm", ...next } : { name: "buyerName", ...next });
    },
  },
  buyerName: {
    show: (_screen, { t }, notes) => con([...notes, t("ussd.namePrompt")]),
    answer: (screen, answer, turn) => {
      const name = firstNameOf(answer);
      if (!name) return turn.go(screen, [turn.t("ussd.nameInvalid")]);
      turn.session.firstName = name;
      return turn.go({ ...screen, name: "orderConfirm" });
    },
  },
  orderConfirm: {
    show: (screen, { t }, notes) => {
      const { listing, quantity, product } = screen;
      const total = Number(listing.priceNgn) * quantity;
      return con(
        [
          ...notes,
          t("ussd.orderConfirm", {
            seller: listing.seller,
            quantity,
            units: unitsOf(t, product.unit),
            product: product.name,
            price: naira(listing.priceNgn),
            total: naira(total),
          }),
        ],
        [{ key: "1", label: t("ussd.sendRequest") }],
        toMenu(t),
      );
    },
    answer: (screen, answer, turn) => {
      if (answer === "1") return placeOrder(screen, turn);
      return turn.go(screen, [turn.t("ussd.invalidChoice")]);
    },
  },
};
