import { setListingStatus } from "~/modules/listings/listings.server";
import { newestOwnListings } from "~/modules/listings/own.server";
import { Refusal } from "~/server/refusal";
import type { TFunction } from "i18next";
import { USSD_LIST_SIZE } from "../constants";
import { con, end, type FlowScreens } from "../dispatch";
import type { OwnListing } from "../state";
import { naira, numbered, picked, toMenu } from "./words";

// "My listings": the caller's newest listings, and for one of them the status changes My Listings
// on the web offers (pause, put back on sale, mark sold), made through the listings module.

const MOVES: Record<OwnListing["status"], { status: OwnListing["status"]; label: string }[]> = {
  active: [
    { status: "paused", label: "ussd.pause" },
    { status: "sold", label: "ussd.markSold" },
  ],
  paused: [
    { status: "active", label: "ussd.activate" },
    { status: "sold", label: "ussd.markSold" },
  ],
  sold: [{ status: "active", label: "ussd.activate" }],
};

const line = (t: TFunction, listing: OwnListing) =>
  `${listing.name} ${listing.quantity} ${naira(listing.priceNgn)} ${t(`ussd.status.${listing.status}`)}`;

/**
 * The listing's name on its own screen and in the answer: its list line less the last three words
 * (quantity, price, status), as the screens have always named it. A status of several words ("on
 * sale") takes words of the line with it; kept so while the menu's texts stay as they are.
 */
const shownName = (t: TFunction, listing: OwnListing) =>
  line(t, listing).split(" ").slice(0, -3).join(" ") || line(t, listing);

export const myListingsScreens: FlowScreens<"myListings" | "listingAction"> = {
  myListings: {
    show: async (screen, turn, notes) => {
      const { t, session } = turn;
      if (!session.userId) return turn.go({ name: "menu" });
      const offered = await newestOwnListings(session.userId, USSD_LIST_SIZE);
      if (offered.length === 0) return end(...notes, t("ussd.noListingsOwn"));
      return turn.shows(
        { ...screen, offered },
        con([...notes, t("ussd.myListings")], numbered(offered.map((listing) => line(t, listing))), toMenu(t)),
      );
    },
    answer: (screen, answer, turn) => {
      const listing = picked(screen.offered, answer);
      if (!listing) return turn.go({ ...screen, offered: [] }, [turn.t("ussd.invalidChoice")]);
      return turn.go({ name: "listingAction", listing });
    },
  },
  listingAction: {
    show: ({ listing }, { t }, notes) =>
      con(
        [...notes, `${shownName(t, listing)}: ${t(`ussd.status.${listing.status}`)}`],
        numbered(MOVES[listing.status].map((move) => t(move.label))),
        toMenu(t),
      ),
    answer: async ({ listing }, answer, turn) => {
      const { t, session } = turn;
      if (!session.userId) return turn.go({ name: "menu" });
      const move = picked(MOVES[listing.status], answer);
      if (!move) return turn.go({ name: "listingAction", listing }, [t("ussd.invalidChoice")]);
      try {
        await setListingStatus(listing.id, session.userId, move.status);
      } catch (error) {
        if (error instanceof Refusal && error.message === "moderation.errors.hiddenCannotActivate")
          return end(t("ussd.hiddenListing"));
        if (error instanceof Refusal) return end(t(error.message, error.params));
        throw error;
      }
      return end(t("ussd.listingChanged", { product: shownName(t, listing), status: t(`ussd.status.${move.status}`) }));
    },
  },
};
