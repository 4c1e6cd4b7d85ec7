import { LANGUAGES } from "~/lib/i18n";
import { con, end, type FlowScreens } from "../dispatch";
import { rememberLanguage } from "../callers.server";
import { numbered } from "./words";
import { startWithPin } from "./pin";

// The first screens: the language (asked of a number that never chose one, and from the menu),
// and the menu that leads to every flow.

const MENU = [
  { key: "1", flow: "prices", label: "ussd.menuPrices" },
  { key: "2", flow: "buy", label: "ussd.menuBuy" },
  { key: "3", flow: "sell", label: "ussd.menuSell" },
  { key: "4", flow: "listings", label: "ussd.menuListings" },
  { key: "5", flow: "orders", label: "ussd.menuOrders" },
  { key: "6", flow: "language", label: "ussd.menuLanguage" },
] as const;

export const menuScreens: FlowScreens<"language" | "menu"> = {
  language: {
    show: (_screen, { t }, notes) =>
      con([...notes, t("ussd.chooseLanguage")], numbered(LANGUAGES.map((language) => language.name))),
    answer: async (screen, answer, turn) => {
      const chosen = LANGUAGES[Number(answer) - 1];
      if (!/^[1-5]$/.test(answer) || !chosen) return turn.go(screen, [turn.t("ussd.invalidChoice")]);
      const { session } = turn;
      session.language = chosen.code;
      await rememberLanguage(session.phone, chosen.code, session.userId);
      turn.t = await turn.translator(chosen.code);
      // Said only when the language was changed from the menu, not when a new caller first chose it.
      return turn.go({ name: "menu" }, session.text === "" ? [] : [turn.t("ussd.languageSaved")]);
    },
  },
  menu: {
    show: (_screen, { t }, notes) =>
      con(
        [...notes, t("ussd.menu")],
        MENU.map((item) => ({ key: item.key, label: t(item.label) })),
      ),
    answer: (screen, answer, turn) => {
      const { t, session } = turn;
      const entry = MENU.find((item) => item.key === answer);
      if (!entry) return turn.go(screen, [t("ussd.invalidChoice")]);
      if (entry.flow === "language") return turn.go({ name: "language" });
      if (entry.flow === "prices") return turn.go({ name: "product", flow: "prices", offered: [] });
      if (session.suspended) return end(t("ussd.suspended"));
      if (entry.flow === "buy") return turn.go({ name: "product", flow: "buy", offered: [] });
      if (entry.flow !== "sell" && !session.userId) return end(t("ussd.noAccount"));
      return startWithPin(turn, entry.flow);
    },
  },
};
