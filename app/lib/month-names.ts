import type { LanguageCode } from "./i18n";

// Month names for the languages whose date data browsers and Node do not agree on (or lack):
// the product writes them itself, so a Hausa sentence never holds an English month and the
// server's text equals the browser's. One place, for a native speaker to correct.
// Long names for the "long" date style, short ones for "medium".

interface MonthNames {
  long: readonly string[];
  short: readonly string[];
}

export const MONTH_NAMES: Partial<Record<LanguageCode, MonthNames>> = {
  ha: {
    long: [
      "Janairu",
      "Faburairu",
      "Maris",
      "Afirilu",
      "Mayu",
      "Yuni",
      "Yuli",
      "Agusta",
      "Satumba",
      "Oktoba",
      "Nuwamba",
      "Disamba",
    ],
    short: ["Jan", "Fab", "Mar", "Afi", "May", "Yun", "Yul", "Agu", "Sat", "Okt", "Nuw", "Dis"],
  },
  ig: {
    long: [
      "Jenụwarị",
      "Febrụwarị",
      "Maachị",
      "Eprel",
      "Mee",
      "Jun",
      "Julaị",
      "Ọgọọst",
      "Septemba",
      "Ọktoba",
      "Novemba",
      "Disemba",
    ],
    short: ["Jen", "Feb", "Maa", "Epr", "Mee", "Jun", "Jul", "Ọgọ", "Sep", "Ọkt", "Nov", "Dis"],
  },
  yo: {
    long: ["Ṣẹ́rẹ́", "Èrèlè", "Ẹrẹ̀nà", "Ìgbé", "Ẹ̀bibi", "Òkúdu", "Agẹmọ", "Ògún", "Owewe", "Ọ̀wàrà", "Bélú", "Ọ̀pẹ̀"],
    short: ["Ṣẹ́rẹ́", "Èrèlè", "Ẹrẹ̀nà", "Ìgbé", "Ẹ̀bibi", "Òkúdu", "Agẹmọ", "Ògún", "Owewe", "Ọ̀wàrà", "Bélú", "Ọ̀pẹ̀"],
  },
};
