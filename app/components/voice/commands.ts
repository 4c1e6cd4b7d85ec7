import type { LanguageCode } from "~/lib/i18n";

// What a farmer can say to the voice widget, in each interface language, and
// where it leads. A native speaker can correct or add phrases here: this file is
// the only place they live (the matcher is match.ts).
//
// For each language and command:
// - `say` is the phrase the widget suggests, written as a speaker writes it
//   (tone marks and dots under letters are welcome; matching ignores them).
// - `also` holds other natural ways of saying the same thing.
// - `heard` holds how a recogniser set to American English (the one Hausa, Igbo
//   and Yoruba speakers get: see speechLanguage in i18n.ts) plausibly writes the
//   phrase: English look-alike words, split or joined words. Spacing does not
//   matter ('ugbom' matches 'ugbo m'), nor do case, accents or punctuation.
//
// The English phrases are accepted in every language.

export const VOICE_DESTINATIONS = {
  home: "/",
  marketplace: "/marketplace",
  analysis: "/asiiko",
  mapping: "/mapping",
} as const;

export type VoiceCommandId = keyof typeof VOICE_DESTINATIONS;
export type VoiceDestination = (typeof VOICE_DESTINATIONS)[VoiceCommandId];
export const VOICE_COMMAND_IDS = Object.keys(VOICE_DESTINATIONS) as VoiceCommandId[];

export interface VoicePhrases {
  say: string;
  also?: readonly string[];
  heard?: readonly string[];
}

export const VOICE_COMMANDS: Record<LanguageCode, Record<VoiceCommandId, VoicePhrases>> = {
  en: {
    home: { say: "go home" },
    marketplace: { say: "open marketplace", heard: ["open market place"] },
    analysis: { say: "start analysis" },
    mapping: { say: "map my farm" },
  },
  fr: {
    home: { say: "retour à l'accueil", also: ["aller à l'accueil", "va à l'accueil", "page d'accueil"] },
    marketplace: { say: "ouvrir le marché", also: ["ouvre le marché", "ouvrez le marché", "aller au marché"] },
    analysis: {
      say: "lancer l'analyse",
      also: ["lance l'analyse", "commencer l'analyse", "démarrer l'analyse", "démarre l'analyse"],
    },
    mapping: {
      say: "cartographier ma ferme",
      also: ["cartographie ma ferme", "carte de ma ferme", "dessiner ma ferme"],
    },
  },
  ha: {
    // 'koma gida': go back home.
    home: {
      say: "koma gida",
      also: ["je gida"],
      heard: ["coma gida", "comma gida", "koma geeda", "coma geeda", "go ma gida", "jay gida"],
    },
    // 'buɗe kasuwa': open the market; 'je kasuwa': go to the market.
    marketplace: {
      say: "buɗe kasuwa",
      also: ["je kasuwa"],
      heard: ["boode kasuwa", "buddy kasuwa", "bude kasua", "bude kaswa", "booday kasuwa", "jay kasuwa", "je kasua"],
    },
    // 'fara bincike': start the examination.
    analysis: {
      say: "fara bincike",
      heard: ["farah bincike", "fara binchike", "fara bin chike", "fara bin chee kay", "fara binciken", "para bincike"],
    },
    // 'auna gonata': measure my farm; 'zana gonata': draw my farm.
    mapping: {
      say: "auna gonata",
      also: ["zana gonata", "taswirar gonata"],
      heard: ["ah una gonata", "owner gonata", "auna go nata", "zana go nata", "zana gonna ta"],
    },
  },
  ig: {
    // 'laa n'ụlọ': go back home; 'gaa n'ụlọ': go home.
    home: {
      say: "laa n'ụlọ",
      also: ["gaa n'ụlọ"],
      heard: ["la nulo", "la n ulo", "lah nulo", "gaa nulo", "ga nulo", "la anulo"],
    },
    // 'mepee ahịa': open the market; 'gaa ahịa': go to the market.
    marketplace: {
      say: "mepee ahịa",
      also: ["gaa ahịa"],
      heard: ["mepe ahia", "may pay ahia", "mepe a hia", "ga ahia", "mepe aya"],
    },
    // 'bido nyocha': start the examination; 'malite nyocha': begin the examination.
    analysis: {
      say: "bido nyocha",
      also: ["malite nyocha"],
      heard: ["bido nyo cha", "bee doe nyocha", "bido niocha", "bido nyo char", "malitay nyocha"],
    },
    // 'tụọ ugbo m': measure my farm; 'maapụ ugbo m': the map of my farm.
    mapping: {
      say: "tụọ ugbo m",
      also: ["maapụ ugbo m"],
      heard: ["two ugbo m", "tuo ugbom", "two ugbom", "map ugbo m", "mapu ugbo m", "tour ugbo m"],
    },
  },
  yo: {
    // 'lọ sílé': go home; 'padà sílé': go back home.
    home: {
      say: "lọ sílé",
      also: ["padà sílé"],
      heard: ["lo si ile", "low silly", "law silly", "lo see lay", "pa da sile", "pada silly"],
    },
    // 'ṣí ọjà': open the market; 'lọ sí ọjà': go to the market.
    marketplace: {
      say: "ṣí ọjà",
      also: ["lọ sí ọjà"],
      heard: ["shi oja", "she oja", "shee oja", "she ojah", "low see oja", "lo si ojah"],
    },
    // 'bẹ̀rẹ̀ àyẹ̀wò': start the examination; 'ṣe àyẹ̀wò': do the examination.
    analysis: {
      say: "bẹ̀rẹ̀ àyẹ̀wò",
      also: ["ṣe àyẹ̀wò"],
      heard: ["berry ayewo", "bere a ye wo", "bear ray ayewo", "bere aye wo", "shay ayewo", "she ayewo"],
    },
    // 'ya àwòrán oko mi': draw the picture of my farm; 'wọn oko mi': measure my farm.
    mapping: {
      say: "ya àwòrán oko mi",
      also: ["wọn oko mi", "máàpù oko mi"],
      heard: ["yeah aworan oko mi", "ya aworan oko me", "won oko me", "map oko mi", "mapu oko mi"],
    },
  },
};
