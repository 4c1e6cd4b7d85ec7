import { findTown, NIGERIAN_TOWNS } from "~/modules/listings/towns";
import { productPrices } from "~/modules/prices/prices.server";
import { findPriceProducts, popularPriceProducts } from "~/modules/prices/products.server";
import { activeProduct } from "~/modules/products/active.server";
import { USSD_LIST_SIZE } from "../constants";
import { con, type FlowScreens } from "../dispatch";
import type { ChosenTown, Screen } from "../state";
import { numbered, picked, toMenu } from "./words";

// Choosing a product (prices, buying and selling start here) and a town (prices and buying): from
// a short list, or typed, local names understood. A number that is not on the list is refused; a
// word is searched.

/** A town as typed or chosen: a known town's place, else just its name (a priced town we do not place). */
function townNamed(name: string): ChosenTown {
  const known = NIGERIAN_TOWNS.find((town) => town.name === name);
  return known
    ? { name: known.name, state: known.state, latitude: known.latitude, longitude: known.longitude }
    : { name, state: null, latitude: null, longitude: null };
}

const isNumberOrNothing = (answer: string) => /^\d+$/.test(answer) || !answer;

export const chooseScreens: FlowScreens<"product" | "town"> = {
  product: {
    show: async (screen, turn, notes) => {
      const { t } = turn;
      const popular = (await popularPriceProducts()).slice(0, USSD_LIST_SIZE);
      const offered = popular.map((product) => ({ id: product.id, name: product.name }));
      return turn.shows(
        { ...screen, offered },
        con([...notes, t("ussd.productPrompt")], numbered(offered.map((product) => product.name)), toMenu(t)),
      );
    },
    answer: async (screen, answer, turn) => {
      const { t } = turn;
      const first: Screen = { name: "product", flow: screen.flow, offered: [] };
      const choice = picked(screen.offered, answer);
      let productId: string;
      if (choice) productId = choice.id;
      else if (isNumberOrNothing(answer)) return turn.go(first, [t("ussd.invalidChoice")]);
      else {
        const found = (await findPriceProducts(answer.slice(0, 60))).slice(0, USSD_LIST_SIZE);
        if (found.length === 0) return turn.go(first, [t("ussd.productUnknown", { typed: answer.slice(0, 30) })]);
        if (found.length > 1) {
          const offered = found.map((product) => ({ id: product.id, name: product.name }));
          return turn.shows(
            { ...screen, offered },
            con([t("ussd.productPick")], numbered(offered.map((product) => product.name)), toMenu(t)),
          );
        }
        productId = found[0]!.id;
      }
      const product = await activeProduct(productId);
      if (!product) return turn.go(first, [t("ussd.invalidChoice")]);
      if (screen.flow === "sell") return turn.go({ name: "sellQuantity", product });
      return turn.go({ name: "town", flow: screen.flow, product, offered: [] });
    },
  },
  town: {
    show: async (screen, turn, notes) => {
      const { t } = turn;
      const { towns } = await productPrices(screen.product.id, { weeks: 4 });
      towns.sort((a, b) => b.count - a.count || a.town.localeCompare(b.town));
      const offered = towns.slice(0, 4).map((row) => row.town);
      const prompt = offered.length > 0 ? t("ussd.townPrompt") : t("ussd.townTyped");
      return turn.shows({ ...screen, offered }, con([...notes, prompt], numbered(offered), toMenu(t)));
    },
    answer: (screen, answer, turn) => {
      const { t } = turn;
      const choice = picked(screen.offered, answer);
      let town: ChosenTown | null = null;
      if (choice) town = townNamed(choice);
      else if (isNumberOrNothing(answer)) return turn.go({ ...screen, offered: [] }, [t("ussd.invalidChoice")]);
      else {
        const known = findTown(answer);
        if (known)
          town = { name: known.name, state: known.state, latitude: known.latitude, longitude: known.longitude };
      }
      if (!town) return turn.go({ ...screen, offered: [] }, [t("ussd.townUnknown", { typed: answer.slice(0, 30) })]);
      const { product } = screen;
      if (screen.flow === "buy") return turn.go({ name: "listings", product, town, offered: [] });
      return turn.go({ name: "priceResult", product, town, sms: null });
    },
  },
};
