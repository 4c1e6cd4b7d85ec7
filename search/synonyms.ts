// Local names for the same crop, animal, product or medicinal plant, so that a
// search for 'rogo' (Hausa), 'akpu' (Igbo), 'gbaguda' (Yoruba) or 'manioc'
// (French) finds a listing called 'Cassava Tubers'. Both search backends use
// these groups: Meilisearch through its synonyms setting, PostgreSQL by
// expanding each query word.
//
// A native speaker can correct or add names here: this file is the only place
// they live. Names are written as people type them on a phone (tone marks and
// dots under letters are optional; normaliseTerm removes them anyway), in
// English, French, Hausa, Igbo, Yoruba and Nigerian Pidgin. A word we were not
// sure of is left out rather than guessed.
//
// Two kinds of entry:
// - `names` mean the same thing and find each other.
// - `oneWay` words find the group but are not found by it. They are for a
//   word that names something made from the item ('fufu' is a food made from
//   cassava: a search for fufu should show cassava, a search for cassava should
//   not fill up with fufu), or a general word that covers several groups
//   ('pepper' should find tatashe and scotch bonnet; 'tatashe' should not find
//   every pepper). Only one-way words may appear in more than one group.

import { normaliseTerm } from "../app/lib/normalise-term";

export { normaliseTerm };

export interface LocalNameGroup {
  canonical: string;
  names: readonly string[];
  /** optional: words that should find this group but not the reverse */
  oneWay?: readonly string[];
}

// General words for hot pepper (English, Pidgin, French, Hausa, Yoruba, Igbo):
// they find every kind of pepper below.
const PEPPER = [
  "pepper",
  "peppers",
  "hot pepper",
  "chilli",
  "chili",
  "chillies",
  "piment",
  "piments",
  "barkono",
  "ata",
  "ose",
] as const;
// General words for fish: they find catfish too.
const FISH = ["fish", "poisson", "poissons", "kifi", "azu", "eja"] as const;

export const LOCAL_NAME_GROUPS: readonly LocalNameGroup[] = [
  // --- Roots and tubers ---
  {
    canonical: "cassava",
    // 'akpu' is the Igbo name of the plant and its tuber as well as of the fermented food.
    names: ["cassava", "manioc", "rogo", "akpu", "akpụ", "ẹ̀gẹ́", "ege", "gbaguda"],
    // Fufu is the fermented cassava food; a search for it may show cassava, not the reverse.
    oneWay: ["fufu", "foofoo"],
  },
  {
    canonical: "garri",
    // Roasted cassava granules, a product of cassava: its own group so 'cassava' stays the crop.
    names: ["garri", "gari", "gaari", "gàrí"],
    // Eba is garri stirred in hot water; someone who types it wants garri.
    oneWay: ["eba"],
  },
  {
    canonical: "cassava flour",
    names: ["cassava flour", "lafun", "làfún", "farine de manioc"],
  },
  {
    canonical: "yam",
    names: ["yam", "yams", "igname", "ignames", "doya", "ji", "isu", "iṣu"],
  },
  {
    canonical: "yam flour",
    names: ["yam flour", "elubo", "èlùbọ́", "elubo isu", "farine d'igname"],
    // Amala is the meal cooked from yam flour.
    oneWay: ["amala", "àmàlà"],
  },
  {
    canonical: "cocoyam",
    names: ["cocoyam", "cocoyams", "coco yam", "taro", "macabo", "ede", "gwaza"],
  },
  {
    canonical: "sweet potato",
    names: [
      "sweet potato",
      "sweet potatoes",
      "patate douce",
      "patate",
      "dankalin hausa",
      "ọdunkun",
      "odunkun",
      "nduku",
      "ndụkụ",
    ],
  },
  {
    canonical: "irish potato",
    names: [
      "irish potato",
      "irish potatoes",
      "potato",
      "potatoes",
      "pomme de terre",
      "pommes de terre",
      "dankalin turawa",
    ],
  },

  // --- Grains ---
  {
    canonical: "maize",
    names: ["maize", "corn", "maïs", "masara", "ọka", "oka", "àgbàdo", "agbado", "yangan"],
  },
  {
    canonical: "sorghum",
    // Yoruba 'ọkà' alone means grain in general, so only 'oka baba' is here.
    names: ["sorghum", "guinea corn", "guineacorn", "sorgho", "dawa", "ọkà bàbà", "oka baba"],
  },
  {
    canonical: "millet",
    names: ["millet", "mil", "gero", "jero", "pearl millet", "maiwa"],
  },
  {
    canonical: "rice",
    names: ["rice", "riz", "shinkafa", "ọsịkapa", "osikapa", "ìrẹsì", "iresi"],
    // Ofada is one local variety; paddy is rice before milling.
    oneWay: ["ofada", "paddy"],
  },
  {
    canonical: "wheat",
    names: ["wheat", "blé", "alkama", "alikama"],
  },
  {
    canonical: "fonio",
    names: ["fonio", "acha", "hungry rice"],
  },

  // --- Legumes and nuts ---
  {
    canonical: "beans",
    names: [
      "beans",
      "bean",
      "cowpea",
      "cowpeas",
      "black-eyed peas",
      "niébé",
      "haricot",
      "haricots",
      "wake",
      "agwa",
      "ẹ̀wà",
      "ewa",
    ],
    // Varieties of bean: a search for them may show beans in general.
    oneWay: ["oloyin", "honey beans", "akidi"],
  },
  {
    canonical: "groundnut",
    names: [
      "groundnut",
      "groundnuts",
      "ground nut",
      "peanut",
      "peanuts",
      "arachide",
      "arachides",
      "cacahuète",
      "gyaɗa",
      "gyada",
      "ẹ̀pà",
      "epa",
      "ahụekere",
      "ahuekere",
    ],
  },
  {
    canonical: "bambara nut",
    names: ["bambara nut", "bambara groundnut", "okpa", "gurjiya", "epa roro", "voandzou"],
  },
  {
    canonical: "soybean",
    names: ["soybean", "soybeans", "soy bean", "soya", "soya beans", "soya bean", "soja", "waken soya"],
  },
  {
    canonical: "sesame",
    names: ["sesame", "sésame", "sesame seed", "sesame seeds", "beniseed", "benniseed", "beni seed", "ridi"],
  },
  {
    canonical: "tiger nut",
    names: ["tiger nut", "tiger nuts", "tigernut", "tigernuts", "aya", "imumu", "aki hausa", "souchet"],
  },
  {
    canonical: "cashew",
    names: ["cashew", "cashews", "cashew nut", "cashew nuts", "cajou", "noix de cajou", "anacarde", "kanju", "kaju"],
  },
  {
    canonical: "kola nut",
    names: [
      "kola nut",
      "kola nuts",
      "kolanut",
      "kolanuts",
      "kola",
      "cola",
      "noix de cola",
      "goro",
      "ọjị",
      "oji",
      "obì",
      "obi",
    ],
  },
  {
    canonical: "bitter kola",
    names: ["bitter kola", "bitter cola", "orogbo", "akilu", "aki ilu", "petit cola"],
  },
  {
    canonical: "coconut",
    names: ["coconut", "coconuts", "noix de coco", "coco", "kwakwa", "àgbọn", "agbon", "aki bekee", "aki oyibo"],
  },
  {
    canonical: "ogbono",
    names: ["ogbono", "apon", "goron biri", "bush mango", "dika nut", "mangue sauvage"],
  },

  // --- Vegetables and fruit ---
  {
    canonical: "tomato",
    // Igbo speakers use the English loan 'tomato', so the Igbo name is the English one.
    names: ["tomato", "tomatoes", "tomate", "tomates", "tumatir", "tumatur", "tòmátì", "tomati"],
  },
  {
    canonical: "pepper",
    names: [...PEPPER],
  },
  {
    canonical: "scotch bonnet",
    names: ["scotch bonnet", "ata rodo", "rodo", "atarugu", "attarugu", "habanero"],
    // Nsukka yellow is a local scotch-bonnet type.
    oneWay: [...PEPPER, "ose nsukka", "nsukka pepper"],
  },
  {
    canonical: "tatashe",
    names: ["tatashe", "tàtàṣé", "tattasai", "tatasai", "bell pepper", "red bell pepper", "sweet pepper", "poivron"],
    oneWay: [...PEPPER],
  },
  {
    canonical: "shombo",
    names: ["shombo", "sombo", "ṣọmbọ", "ata shombo", "ata sombo"],
    oneWay: [...PEPPER],
  },
  {
    canonical: "onion",
    names: ["onion", "onions", "oignon", "oignons", "albasa", "àlùbọ́sà", "alubosa", "yabasị", "yabasi"],
  },
  {
    canonical: "okra",
    names: ["okra", "okro", "lady's finger", "lady finger", "gombo", "kubewa", "ọkwụrụ", "okwuru", "ilá", "ila"],
  },
  {
    canonical: "garden egg",
    names: [
      "garden egg",
      "garden eggs",
      "eggplant",
      "egg plant",
      "aubergine",
      "aubergines",
      "gauta",
      "añara",
      "anara",
      "ìgbá",
      "igba",
    ],
  },
  {
    canonical: "egusi",
    names: ["egusi", "ẹ̀gúsí", "egwusi", "agushi", "egousi", "melon seed", "melon seeds"],
    // In Nigerian markets 'melon' usually means egusi, but it can mean the fruit.
    oneWay: ["melon"],
  },
  {
    canonical: "watermelon",
    names: ["watermelon", "water melon", "pastèque", "kankana"],
  },
  {
    canonical: "pumpkin",
    names: ["pumpkin", "pumpkins", "citrouille", "potiron", "kabewa", "ẹlẹ́gẹ́dẹ́", "elegede", "anyụ", "anyu"],
  },
  {
    canonical: "ugu",
    names: ["ugu", "ugwu", "fluted pumpkin", "pumpkin leaf", "pumpkin leaves", "efo ugu"],
  },
  {
    canonical: "spinach",
    // 'Green' (Nigerian English for amaranth) is left out: as a search word it would
    // pull spinach into every 'green maize' or 'green plantain' search.
    names: [
      "spinach",
      "amaranth",
      "african spinach",
      "ẹ̀fọ́ tẹ̀tẹ̀",
      "efo tete",
      "tete",
      "alayyafo",
      "alayyahu",
      "inine",
      "épinard",
      "épinards",
      "amarante",
    ],
    // Yoruba 'ẹ̀fọ́' is any leafy vegetable; it most often means this one.
    oneWay: ["efo"],
  },
  {
    canonical: "waterleaf",
    names: ["waterleaf", "water leaf", "talinum", "gbure", "efo gbure", "mgbolodi"],
  },
  {
    canonical: "plantain",
    // Igbo 'ọ̀gẹ̀dẹ̀' is plantain; in Yoruba it covers banana too (see banana).
    names: ["plantain", "plantains", "banane plantain", "agade", "ọ̀gẹ̀dẹ̀", "ogede", "ogede agbagba", "agbagba"],
  },
  {
    canonical: "banana",
    names: ["banana", "bananas", "banane", "bananes", "ayaba", "unere", "ụnere", "ogede wewe"],
    oneWay: ["ogede"],
  },
  {
    canonical: "mango",
    names: ["mango", "mangoes", "mangue", "mangoro"],
  },
  {
    canonical: "orange",
    names: ["orange", "oranges", "lemu", "ọsàn", "osan", "oroma"],
  },
  {
    canonical: "pineapple",
    names: ["pineapple", "pineapples", "ananas", "abarba", "ọ̀pẹ òyìnbó", "ope oyinbo", "akwu oyibo"],
  },
  {
    canonical: "pawpaw",
    names: ["pawpaw", "papaya", "papaye", "gwanda", "ìbẹ́pẹ", "ibepe"],
  },
  {
    canonical: "cucumber",
    names: ["cucumber", "cucumbers", "concombre", "kokwamba"],
  },
  {
    canonical: "carrot",
    names: ["carrot", "carrots", "carotte", "carottes", "karas"],
  },
  {
    canonical: "cabbage",
    names: ["cabbage", "cabbages", "chou", "kabeji"],
  },
  {
    canonical: "sugarcane",
    // Hausa 'rake' is left out: it is also the English garden tool.
    names: ["sugarcane", "sugar cane", "canne à sucre", "ìrèké", "ireke", "okpete"],
  },

  // --- Tree crops and oils ---
  {
    canonical: "cocoa",
    names: ["cocoa", "cacao", "cocoa beans", "cocoa bean"],
    // Yoruba 'kòkó' is cocoa, but Hausa 'koko' is millet pap.
    oneWay: ["koko"],
  },
  {
    canonical: "palm oil",
    names: [
      "palm oil",
      "red oil",
      "red palm oil",
      "huile de palme",
      "huile rouge",
      "manja",
      "mmanụ nri",
      "mmanu nri",
      "epo pupa",
      "ẹ̀pọ pupa",
    ],
    // Yoruba 'epo' is oil in general, most often palm oil.
    oneWay: ["epo"],
  },
  {
    canonical: "palm kernel",
    names: ["palm kernel", "palm kernels", "palmiste", "palmistes", "ekùrọ́", "ekuro", "akụ", "aku"],
  },
  {
    canonical: "palm fruit",
    names: [
      "palm fruit",
      "palm fruits",
      "palm nut",
      "palm nuts",
      "oil palm",
      "noix de palme",
      "graine de palme",
      "akwụ",
      "akwu",
    ],
    // Banga is the palm-fruit soup (and its fruit in the Delta).
    oneWay: ["banga"],
  },
  {
    canonical: "shea",
    names: [
      "shea",
      "shea butter",
      "shea nut",
      "shea nuts",
      "karité",
      "beurre de karité",
      "kaɗanya",
      "kadanya",
      "man kadanya",
      "òrí",
      "ori",
      "okwuma",
    ],
  },
  {
    canonical: "cotton",
    names: ["cotton", "coton", "auduga", "òwú", "owu"],
  },

  // --- Spices, herbs and medicinal plants ---
  {
    canonical: "ginger",
    names: ["ginger", "gingembre", "citta", "chitta", "atalẹ", "atale", "ata ile", "jinja"],
  },
  {
    canonical: "garlic",
    names: ["garlic", "ail", "tafarnuwa", "aáyù", "ayu", "aayu"],
  },
  {
    canonical: "turmeric",
    names: ["turmeric", "curcuma", "ata ile pupa"],
  },
  {
    canonical: "locust beans",
    names: [
      "locust bean",
      "locust beans",
      "african locust bean",
      "ìrú",
      "iru",
      "dawadawa",
      "daddawa",
      "néré",
      "soumbala",
    ],
    // Ogiri is a similar fermented seasoning (from melon or castor seed), used the same way.
    oneWay: ["ogiri"],
  },
  {
    canonical: "bitter leaf",
    names: [
      "bitter leaf",
      "bitter leaves",
      "bitterleaf",
      "onugbu",
      "olugbu",
      "ewúro",
      "ewuro",
      "shuwaka",
      "vernonia",
      "ndolé",
      "feuille amère",
    ],
  },
  {
    canonical: "moringa",
    names: ["moringa", "drumstick tree", "miracle tree", "zogale", "zogali", "ewe igbale"],
  },
  {
    canonical: "scent leaf",
    names: ["scent leaf", "scent leaves", "african basil", "nchanwu", "nchuanwu", "efinrin", "daidoya"],
  },
  {
    canonical: "uziza",
    names: ["uziza", "iyere", "ashanti pepper", "west african pepper"],
  },
  {
    canonical: "alligator pepper",
    names: ["alligator pepper", "atare", "ose oji", "grains of paradise", "maniguette"],
  },
  {
    canonical: "grains of selim",
    names: ["grains of selim", "negro pepper", "uda", "eeru", "kimba"],
  },
  {
    canonical: "neem",
    names: ["neem", "dogon yaro", "dogonyaro", "dongoyaro", "margousier"],
  },
  {
    canonical: "aloe vera",
    names: ["aloe vera", "aloe", "ahọ́n erin", "ahon erin"],
  },
  {
    canonical: "zobo",
    names: ["zobo", "zoborodo", "hibiscus", "roselle", "yakuwa", "bissap", "isapa"],
  },
  {
    canonical: "herbal medicine",
    names: [
      "agbo",
      "herbal mix",
      "herbal medicine",
      "traditional medicine",
      "oogun ibile",
      "maganin gargajiya",
      "médecine traditionnelle",
    ],
    // The general words for medicine in Hausa, Igbo and Yoruba.
    oneWay: ["magani", "ọgwụ", "ogwu", "oogun"],
  },

  // --- Livestock, fish and animal products ---
  {
    canonical: "goat",
    names: [
      "goat",
      "goats",
      "chèvre",
      "chèvres",
      "bouc",
      "akuya",
      "awaki",
      "bunsuru",
      "ewu",
      "ewúrẹ́",
      "ewure",
      "òbúkọ",
      "obuko",
    ],
    // Red Sokoto is a breed of goat.
    oneWay: ["red sokoto"],
  },
  {
    canonical: "cattle",
    names: [
      "cattle",
      "cow",
      "cows",
      "bull",
      "bulls",
      "vache",
      "vaches",
      "bœuf",
      "boeufs",
      "saniya",
      "shanu",
      "ehi",
      "efi",
      "màálù",
      "maalu",
      "malu",
    ],
    oneWay: ["beef"],
  },
  {
    canonical: "sheep",
    // Yoruba 'àgbò' (ram) is left out: it is spelt like 'agbo', herbal medicine.
    names: [
      "sheep",
      "ram",
      "rams",
      "mouton",
      "moutons",
      "bélier",
      "brebis",
      "tunkiya",
      "tumaki",
      "rago",
      "atụrụ",
      "aturu",
      "àgùntàn",
      "aguntan",
    ],
  },
  {
    canonical: "pig",
    names: ["pig", "pigs", "swine", "hog", "porc", "cochon", "alade", "ezi", "ẹlẹ́dẹ̀", "elede"],
    oneWay: ["pork"],
  },
  {
    canonical: "chicken",
    names: [
      "chicken",
      "chickens",
      "fowl",
      "fowls",
      "hen",
      "hens",
      "cock",
      "cockerel",
      "cockerels",
      "broiler",
      "broilers",
      "poulet",
      "poulets",
      "poule",
      "coq",
      "kaza",
      "zakara",
      "ọkụkọ",
      "okuko",
      "adìẹ",
      "adie",
    ],
    // Layers are laying hens, but 'layers' also names their feed.
    oneWay: ["layers"],
  },
  {
    canonical: "turkey",
    names: ["turkey", "turkeys", "dinde", "talo talo", "talotalo", "tòlótòló", "tolotolo", "torotoro"],
  },
  {
    canonical: "guinea fowl",
    names: ["guinea fowl", "guineafowl", "pintade", "zabo", "ẹtù", "etu", "ọgazị", "ogazi"],
  },
  {
    canonical: "duck",
    names: ["duck", "ducks", "canard", "agwagwa", "pẹ́pẹ́yẹ", "pepeye", "ọbọgwụ", "obogwu"],
  },
  {
    canonical: "eggs",
    names: ["egg", "eggs", "œuf", "oeufs", "ƙwai", "kwai", "àkwá", "akwa", "ẹyin", "eyin"],
  },
  {
    canonical: "fish",
    names: [...FISH],
  },
  {
    canonical: "catfish",
    names: ["catfish", "cat fish", "clarias", "poisson chat", "silure", "tarwaɗa", "tarwada", "ẹja àrọ̀", "eja aro"],
    oneWay: [...FISH],
  },
  {
    canonical: "stockfish",
    names: ["stockfish", "stock fish", "okporoko", "panla", "stockfisch"],
  },
  {
    canonical: "snail",
    // 'Congo meat' is the Pidgin name.
    names: ["snail", "snails", "escargot", "escargots", "katantanwa", "ejuna", "ejula", "ìgbín", "igbin", "congo meat"],
  },
  {
    canonical: "grasscutter",
    names: ["grasscutter", "grass cutter", "cane rat", "aulacode", "nchi", "oya"],
  },
  {
    canonical: "rabbit",
    names: ["rabbit", "rabbits", "lapin", "zomo", "ehoro"],
  },
  {
    canonical: "honey",
    names: ["honey", "miel", "zuma", "oyin", "mmanụ aṅụ", "mmanu anu"],
  },
  {
    canonical: "milk",
    names: ["milk", "fresh milk", "cow milk", "lait", "nono", "madara", "mmiri ara"],
  },
  {
    canonical: "cheese",
    // 'Wara' is what Nigerian markets call the soft Fulani cheese.
    names: ["cheese", "fromage", "wara", "wàràǹkàṣì", "warankasi", "cuku"],
  },

  // --- Inputs, tools and services ---
  {
    canonical: "fertilizer",
    names: ["fertilizer", "fertilizers", "fertiliser", "fertilisers", "engrais", "taki", "ajílẹ̀", "ajile", "nri ala"],
    // Kinds of fertilizer.
    oneWay: ["npk", "urea"],
  },
  {
    canonical: "seed",
    names: [
      "seed",
      "seeds",
      "semence",
      "semences",
      "graine",
      "graines",
      "iri",
      "irúgbìn",
      "irugbin",
      "mkpụrụ",
      "mkpuru",
    ],
  },
  {
    canonical: "tractor",
    names: ["tractor", "tractors", "tracteur", "tarakta", "katakata"],
  },
  {
    canonical: "hoe",
    names: ["hoe", "hoes", "houe", "fartanya", "garma", "ọgụ", "ogu"],
  },
  {
    canonical: "cutlass",
    names: ["cutlass", "cutlasses", "machete", "matchet", "machette", "adda", "àdá", "ada"],
  },
  {
    canonical: "ploughing",
    names: ["ploughing", "plowing", "plough", "plow", "tillage", "tilling", "labourage"],
  },
];

interface Lookup {
  /** normalised name -> the normalised names of its group */
  names: Map<string, string[]>;
  /** normalised one-way word -> the normalised names of every group it finds */
  oneWay: Map<string, string[]>;
}

let lookup: Lookup | null = null;

function unique(words: Iterable<string>): string[] {
  return [...new Set(words)].filter((word) => word.length > 0);
}

function buildLookup(): Lookup {
  const names = new Map<string, string[]>();
  const oneWay = new Map<string, string[]>();
  for (const group of LOCAL_NAME_GROUPS) {
    const groupNames = unique(group.names.map(normaliseTerm));
    for (const name of groupNames) names.set(name, groupNames);
    for (const word of unique((group.oneWay ?? []).map(normaliseTerm))) {
      oneWay.set(word, unique([...(oneWay.get(word) ?? []), ...groupNames]));
    }
  }
  return { names, oneWay };
}

function getLookup(): Lookup {
  lookup ??= buildLookup();
  return lookup;
}

/** Every normalised name that means the same as `word` (itself included; one-way words add their group's names but are not added to others); a word in no group gives [word]. Multi-word names ('scotch bonnet', 'guinea corn', 'ata rodo') are matched when `word` is that phrase. */
export function expandTerm(word: string): string[] {
  const term = normaliseTerm(word);
  if (!term) return [];
  const { names, oneWay } = getLookup();
  return unique([term, ...(names.get(term) ?? []), ...(oneWay.get(term) ?? [])]);
}

/** Meilisearch's synonyms setting: { word: [its synonyms] } for every name (mutual within a group; one-way words map to the group but no group name maps to them). Keys and values normalised. */
export function meilisearchSynonyms(): Record<string, string[]> {
  const { names, oneWay } = getLookup();
  const synonyms: Record<string, string[]> = {};
  for (const key of new Set([...names.keys(), ...oneWay.keys()])) {
    const others = unique([...(names.get(key) ?? []), ...(oneWay.get(key) ?? [])]).filter((other) => other !== key);
    if (others.length > 0) synonyms[key] = others;
  }
  return synonyms;
}
