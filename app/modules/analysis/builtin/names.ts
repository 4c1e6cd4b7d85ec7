import type { LanguageCode } from "~/lib/i18n";

// The crops, animals and medicinal plants the built-in screening knows, with
// the names farmers type for them in English, French, Hausa, Igbo and Yoruba.
// One table, so a native speaker can correct a name or add a local one here.
// `name` is what the result shows; `aliases` are what the farmer may type
// (matched as whole words, ignoring case, tone marks and dots under letters).

export type Localized = Readonly<Record<LanguageCode, string>>;

export const CROPS = {
  cassava: {
    name: { en: "Cassava", fr: "Manioc", ha: "Rogo", ig: "Akpụ", yo: "Ẹ̀gẹ́" },
    aliases: ["cassava", "manioc", "tapioca", "rogo", "akpu", "ji akpu", "jigbo", "ege", "gbaguda", "paki"],
  },
  maize: {
    name: { en: "Maize", fr: "Maïs", ha: "Masara", ig: "Ọka", yo: "Àgbàdo" },
    aliases: ["maize", "corn", "sweet corn", "mais", "masara", "agbado", "oka"],
  },
  yam: {
    name: { en: "Yam", fr: "Igname", ha: "Doya", ig: "Ji", yo: "Iṣu" },
    aliases: ["yam", "yams", "water yam", "igname", "ignames", "doya", "ji", "ji abana", "isu", "ewura"],
  },
  tomato: {
    name: { en: "Tomato", fr: "Tomate", ha: "Tumatur", ig: "Tomato", yo: "Tòmátì" },
    aliases: ["tomato", "tomatoes", "tomate", "tomates", "tumatur", "tumatir", "tumatiri", "tomati"],
  },
  pepper: {
    name: { en: "Pepper", fr: "Piment", ha: "Barkono", ig: "Ose", yo: "Ata" },
    aliases: [
      "pepper",
      "peppers",
      "chilli",
      "chili",
      "scotch bonnet",
      "bell pepper",
      "piment",
      "poivron",
      "barkono",
      "tattasai",
      "attarugu",
      "tarugu",
      "ata",
      "ata rodo",
      "tatase",
      "rodo",
      "ose",
      "ose oyibo",
    ],
  },
  cowpea: {
    name: { en: "Cowpea (beans)", fr: "Niébé", ha: "Wake", ig: "Agwa", yo: "Ẹ̀wà" },
    aliases: [
      "cowpea",
      "cowpeas",
      "beans",
      "bean",
      "black eyed pea",
      "black eyed beans",
      "niebe",
      "haricot",
      "wake",
      "ewa",
      "agwa",
      "akidi",
    ],
  },
  rice: {
    name: { en: "Rice", fr: "Riz", ha: "Shinkafa", ig: "Osikapa", yo: "Ìrẹsì" },
    aliases: ["rice", "paddy", "riz", "shinkafa", "osikapa", "iresi"],
  },
  sorghum: {
    name: { en: "Sorghum (guinea corn)", fr: "Sorgho", ha: "Dawa", ig: "Sorghum (guinea corn)", yo: "Ọkà bàbà" },
    aliases: ["sorghum", "guinea corn", "sorgho", "dawa", "oka baba", "okababa"],
  },
  plantain: {
    name: { en: "Plantain / banana", fr: "Banane plantain", ha: "Ayaba", ig: "Ọgẹdẹ", yo: "Ọ̀gẹ̀dẹ̀" },
    aliases: [
      "plantain",
      "plantains",
      "banana",
      "bananas",
      "banane",
      "bananier",
      "plantain banana",
      "ayaba",
      "ogede",
      "ogede agbagba",
      "agbagba",
      "unere",
    ],
  },
} as const satisfies Record<string, { name: Localized; aliases: readonly string[] }>;

export const ANIMALS = {
  poultry: {
    name: { en: "Poultry", fr: "Volaille", ha: "Kaji", ig: "Ọkụkọ", yo: "Adìyẹ" },
    aliases: [
      "poultry",
      "chicken",
      "chickens",
      "hen",
      "hens",
      "cock",
      "cockerel",
      "rooster",
      "broiler",
      "broilers",
      "layer",
      "layers",
      "chick",
      "chicks",
      "bird",
      "birds",
      "turkey",
      "guinea fowl",
      "duck",
      "poulet",
      "poulets",
      "poule",
      "poules",
      "coq",
      "volaille",
      "dinde",
      "pintade",
      "kaza",
      "kaji",
      "zakara",
      "talo talo",
      "zabo",
      "adie",
      "akuko",
      "tolotolo",
      "okuko",
    ],
  },
  goat: {
    name: { en: "Goat", fr: "Chèvre", ha: "Akuya", ig: "Ewu", yo: "Ewúrẹ́" },
    aliases: [
      "goat",
      "goats",
      "billy goat",
      "kid",
      "chevre",
      "chevres",
      "bouc",
      "cabri",
      "akuya",
      "awaki",
      "bunsuru",
      "ewure",
      "obuko",
      "ewu",
      "mkpi",
    ],
  },
  sheep: {
    name: { en: "Sheep", fr: "Mouton", ha: "Tunkiya", ig: "Atụrụ", yo: "Àgùntàn" },
    aliases: [
      "sheep",
      "ram",
      "rams",
      "ewe",
      "lamb",
      "lambs",
      "mouton",
      "moutons",
      "brebis",
      "belier",
      "agneau",
      "tunkiya",
      "tumaki",
      "rago",
      "agutan",
      "agbo",
      "aturu",
    ],
  },
  cattle: {
    name: { en: "Cattle", fr: "Bovins", ha: "Shanu", ig: "Ehi", yo: "Màlúù" },
    aliases: [
      "cattle",
      "cow",
      "cows",
      "bull",
      "bulls",
      "calf",
      "calves",
      "heifer",
      "ox",
      "oxen",
      "bovin",
      "bovins",
      "vache",
      "vaches",
      "boeuf",
      "taureau",
      "veau",
      "shanu",
      "saniya",
      "bijimi",
      "maraki",
      "maalu",
      "malu",
      "ehi",
      "efi",
    ],
  },
} as const satisfies Record<string, { name: Localized; aliases: readonly string[] }>;

export const MEDICINAL_PLANTS = {
  moringa: {
    name: { en: "Moringa", fr: "Moringa", ha: "Zogale", ig: "Okwe oyibo", yo: "Ewé ìgbálẹ̀" },
    aliases: [
      "moringa",
      "drumstick tree",
      "miracle tree",
      "zogale",
      "zogala",
      "ewe igbale",
      "ewe ile",
      "igbale",
      "okwe oyibo",
      "okwe beke",
    ],
  },
  bitter_leaf: {
    name: { en: "Bitter leaf", fr: "Vernonia (feuille amère)", ha: "Shuwaka", ig: "Onugbu", yo: "Ewúro" },
    aliases: [
      "bitter leaf",
      "bitterleaf",
      "bitter leaves",
      "vernonia",
      "feuille amere",
      "feuilles ameres",
      "ndole",
      "shuwaka",
      "ewuro",
      "onugbu",
    ],
  },
  neem: {
    name: { en: "Neem", fr: "Neem (margousier)", ha: "Dogonyaro", ig: "Dogonyaro (neem)", yo: "Dongoyaro" },
    aliases: ["neem", "margousier", "azadirachta", "dogonyaro", "dogon yaro", "dongoyaro", "aforo oyinbo", "aforo"],
  },
} as const satisfies Record<string, { name: Localized; aliases: readonly string[] }>;

export type CropKey = keyof typeof CROPS;
export type AnimalKey = keyof typeof ANIMALS;
export type MedicinalPlantKey = keyof typeof MEDICINAL_PLANTS;

/** Lower-case words without tone marks, dots under letters or punctuation ("Ẹ̀gẹ́!" reads "ege"). */
export function plainWords(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * Which entry of a table the farmer's words name: the entry whose alias is
 * found as whole words, the longest alias winning ("oka baba" is sorghum, "oka"
 * alone maize). Empty text, "Unknown" or words the table does not know: none.
 */
export function matchName<Key extends string>(
  table: Record<Key, { aliases: readonly string[] }>,
  said: string | undefined,
): Key | undefined {
  if (!said) return undefined;
  const words = ` ${plainWords(said)} `;
  let best: { key: Key; length: number } | undefined;
  for (const key of Object.keys(table) as Key[]) {
    for (const alias of table[key].aliases) {
      const plain = plainWords(alias);
      if (plain && words.includes(` ${plain} `) && (!best || plain.length > best.length))
        best = { key, length: plain.length };
    }
  }
  return best?.key;
}
