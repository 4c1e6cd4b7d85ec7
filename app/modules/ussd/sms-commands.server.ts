import { getEnv } from "~/env.server";
import { plainLettersFor } from "~/lib/gsm";
import { formatNaira } from "~/lib/currency";
import { LANGUAGE_CODES, type LanguageCode } from "~/lib/i18n";
import { normaliseNigerianPhone } from "~/lib/phone";
import { findTown, type Town } from "~/modules/listings/towns";
import { productPrices, type TownPrice } from "~/modules/prices/prices.server";
import { findPriceProducts, type PriceProduct } from "~/modules/prices/products.server";
import { maskedNumber, queueSms } from "~/modules/sms/sms.server";
import type { SmsKind } from "~/generated/prisma/client";
import { getFixedT } from "~/server/i18n.server";
import { logger } from "~/server/logger.server";
import { hitRateLimits } from "~/server/rate-limit.server";
import { Refusal } from "~/server/refusal";
import { findCaller, rememberLanguage } from "./callers.server";
import { SMS_REPLY_LIMIT } from "./constants";

// Texts to Asiiko (the provider's incoming SMS callback). "PRICE maize Kano" answers the week's
// price there; "HELP", or anything not understood, answers how to ask. The command words are
// each language's own (PRIX, FARASHI, ONUAHIA, IYE; AIDE, TAIMAKO, ENYEMAKA, IRANLOWO), and the
// answer comes in the language of the word used (the number's remembered language for a word
// several share). One number gets at most 20 answers a day: a loop of texts costs little.

type Command = "price" | "help";

const plain = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toUpperCase();

let commandWords: Promise<Map<string, { command: Command; languages: LanguageCode[] }>> | null = null;

/** Every language's command words, and which languages say each. */
function loadCommandWords() {
  commandWords ??= (async () => {
    const words = new Map<string, { command: Command; languages: LanguageCode[] }>();
    for (const language of LANGUAGE_CODES) {
      const t = await getFixedT(language);
      for (const command of ["price", "help"] as const) {
        const word = plain(t(`ussd.commands.${command}`));
        const entry = words.get(word) ?? { command, languages: [] };
        entry.languages.push(language);
        words.set(word, entry);
      }
    }
    return words;
  })();
  return commandWords;
}

export interface IncomingSms {
  from: string;
  text: string;
}

/** What a text to Asiiko was taken as, for the callback's answer and the tests. */
export type SmsOutcome = "price" | "no-price" | "unknown-product" | "unknown-town" | "help" | "ignored" | "limited";

// eslint-disable-next-line no-control-regex -- control characters are dropped from what was typed
const CONTROL = /[\u0000-\u001f\u007f]|[\uD800-\uDFFF]/g;

export async function receiveSms(sms: IncomingSms): Promise<SmsOutcome> {
  const phone = normaliseNigerianPhone(sms.from);
  if (!phone) return "ignored";
  const typed = sms.text.replace(CONTROL, " ").replace(/\s+/g, " ").trim().slice(0, 320);
  const [first = "", ...rest] = typed.split(" ");
  const words = await loadCommandWords();
  const word = words.get(plain(first));
  const caller = await findCaller(phone);
  const language: LanguageCode =
    word && word.languages.length === 1
      ? word.languages[0]!
      : caller.language && (!word || word.languages.includes(caller.language))
        ? caller.language
        : "en";
  try {
    await hitRateLimits([{ limit: SMS_REPLY_LIMIT, key: phone }]);
  } catch (error) {
    if (error instanceof Refusal) {
      logger.warn({ to: maskedNumber(phone) }, "texts to Asiiko from this number are past the day's answers");
      return "limited";
    }
    throw error;
  }
  if (word && word.languages.length === 1 && caller.language !== language)
    await rememberLanguage(phone, language, null);
  const t = await getFixedT(language);
  const commandWord = word?.command === "price" ? first.toUpperCase() : t("ussd.commands.price");
  const send = (body: string, kind: SmsKind) =>
    queueSms({ to: phone, body, kind, userId: caller.userId, plainLetters: plainLettersFor(language) });
  if (word?.command !== "price" || rest.length < 2) {
    await send(t("ussd.sms.help", { price: commandWord, code: getEnv().USSD_SERVICE_CODE }), "command_reply");
    return "help";
  }
  const asked = await readPriceQuestion(rest);
  if (!asked.town) {
    await send(t("ussd.sms.unknownTown", { typed: rest.join(" ").slice(0, 60), price: commandWord }), "command_reply");
    return "unknown-town";
  }
  if (!asked.product) {
    await send(
      t("ussd.sms.unknownProduct", { typed: asked.productWords.slice(0, 60), price: commandWord }),
      "command_reply",
    );
    return "unknown-product";
  }
  const figure = asked.figure;
  const unit = asked.product.unit;
  if (!figure) {
    await send(t("ussd.sms.noPrice", { product: asked.product.name, town: asked.town.name }), "price_answer");
    return "no-price";
  }
  await send(
    t("ussd.sms.price", {
      product: asked.product.name,
      town: asked.town.name,
      week: `${Number(figure.week.slice(8, 10))}/${Number(figure.week.slice(5, 7))}`,
      median: formatNaira(figure.median),
      low: formatNaira(figure.low),
      high: formatNaira(figure.high),
      per: unit ? t(`perUnit.${unit}`, { defaultValue: "" }) : "",
      count: figure.count,
    }),
    "price_answer",
  );
  return "price";
}

/**
 * "white maize port harcourt": the town is the last one to three words that name a known town,
 * the product what comes before (local names understood); of several products, the first with a
 * price in that town.
 */
async function readPriceQuestion(words: string[]): Promise<{
  product: PriceProduct | null;
  town: Town | null;
  productWords: string;
  figure: TownPrice | null;
}> {
  for (let townWords = Math.min(3, words.length - 1); townWords >= 1; townWords -= 1) {
    const town = findTown(words.slice(-townWords).join(" "));
    if (!town) continue;
    const productWords = words.slice(0, -townWords).join(" ");
    const products = (await findPriceProducts(productWords)).slice(0, 5);
    for (const product of products) {
      const { towns } = await productPrices(product.id, { weeks: 12 });
      const figure = towns.find((row) => row.town === town.name);
      if (figure) return { product, town, productWords, figure };
    }
    return { product: products[0] ?? null, town, productWords, figure: null };
  }
  return { product: null, town: null, productWords: words.join(" "), figure: null };
}
