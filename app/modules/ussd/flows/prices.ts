import { plainLettersFor } from "~/lib/gsm";
import { productPrices } from "~/modules/prices/prices.server";
import { queueSms } from "~/modules/sms/sms.server";
import { Refusal } from "~/server/refusal";
import { con, end, type FlowScreens } from "../dispatch";
import { naira, perUnit, toMenu } from "./words";

// Market prices: the week's median and range of a product in a town (chosen in choose.ts), from
// the weekly figures the prices page shows, and the same sentence by SMS when asked.

const shortDay = (isoDay: string) => `${Number(isoDay.slice(8, 10))}/${Number(isoDay.slice(5, 7))}`;

export const pricesScreens: FlowScreens<"priceResult" | "noPrice"> = {
  priceResult: {
    show: async (screen, turn) => {
      const { t } = turn;
      const { product, town } = screen;
      const { towns } = await productPrices(product.id, { weeks: 12 }, turn.now);
      const figure = towns.find((row) => row.town === town.name);
      if (!figure) return turn.go({ name: "noPrice", product, town });
      const values = {
        product: product.name,
        town: town.name,
        week: shortDay(figure.week),
        median: naira(figure.median),
        low: naira(figure.low),
        high: naira(figure.high),
        per: perUnit(t, product.unit),
        count: figure.count,
      };
      return turn.shows(
        { ...screen, sms: t("ussd.sms.price", values) },
        con([t("ussd.price", values)], [{ key: "1", label: t("ussd.sendSms") }], toMenu(t)),
      );
    },
    answer: async (screen, answer, turn) => {
      const { t, session } = turn;
      // Anything but "1" shows the figure again.
      if (answer !== "1") return turn.go({ ...screen, sms: null });
      if (!screen.sms) return turn.go({ name: "menu" });
      try {
        await queueSms({
          to: session.phone,
          body: screen.sms,
          kind: "price_answer",
          userId: session.userId,
          plainLetters: plainLettersFor(session.language),
        });
      } catch (error) {
        if (error instanceof Refusal) return end(t("ussd.smsUnavailable"));
        throw error;
      }
      return end(t("ussd.smsSent"));
    },
  },
  noPrice: {
    show: (screen, { t }, notes) =>
      con(
        [...notes, t("ussd.noPrice", { product: screen.product.name, town: screen.town.name })],
        [{ key: "1", label: t("ussd.anotherTown") }],
        toMenu(t),
      ),
    answer: (screen, answer, turn) => {
      if (answer === "1") return turn.go({ name: "town", flow: "prices", product: screen.product, offered: [] });
      return turn.go(screen, [turn.t("ussd.invalidChoice")]);
    },
  },
};
