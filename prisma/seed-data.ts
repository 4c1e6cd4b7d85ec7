// What the demo database holds: accounts, a catalogue across all 12
// categories, listings around real Nigerian towns and two mapped farms.
// Everything has a fixed id so the seed can run any number of times.
import type { ProductCategory, ProductUnit } from "~/modules/products/constants";

export const DEMO_PASSWORDS = {
  admin: "AsiikoAdmin#2026",
  farmer: "AsiikoFarmer#2026",
} as const;

export interface SeedUser {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: "USER" | "ADMIN";
  password: keyof typeof DEMO_PASSWORDS;
  /** A demo seller's phone (E.164): an example number that reaches nobody (DEMO_PHONES). */
  phone?: string;
}

/**
 * The demo sellers' phones, so a demo listing can be contacted. Nigeria has no
 * range reserved for fiction (as the UK's 07700 900xxx is), so these sit in a
 * block the NCC has not assigned to any operator: 0910. The mobile 091 series
 * is in use from 0911 (Airtel 0911/0912, MTN 0913/0916, Glo 0915), and Google's
 * libphonenumber metadata for Nigeria accepts 091[1-6] only as mobile and 0910
 * as nothing at all, so a call or WhatsApp message to 0910 000 00xx reaches no one. The numbers still
 * pass our own check (app/lib/phone.ts), which accepts the whole 091 series.
 * Demo mode only: seed.ts gives them to the demo accounts it creates.
 */
export const DEMO_PHONES = {
  amina: "+2349100000001",
  tunde: "+2349100000002",
  chidi: "+2349100000003",
  halima: "+2349100000004",
} as const;

export const SEED_USERS: SeedUser[] = [
  {
    id: "seed_user_admin",
    username: "admin",
    email: "admin@asiiko.ng",
    firstName: "Ngozi",
    lastName: "Adeyemi",
    role: "ADMIN",
    password: "admin",
  },
  {
    id: "seed_user_amina",
    username: "amina",
    phone: DEMO_PHONES.amina,
    email: "amina@example.ng",
    firstName: "Amina",
    lastName: "Bello",
    role: "USER",
    password: "farmer",
  },
  {
    id: "seed_user_tunde",
    username: "tunde",
    phone: DEMO_PHONES.tunde,
    email: "tunde@example.ng",
    firstName: "Tunde",
    lastName: "Okonkwo",
    role: "USER",
    password: "farmer",
  },
  {
    id: "seed_user_chidi",
    username: "chidi",
    phone: DEMO_PHONES.chidi,
    email: "chidi@example.ng",
    firstName: "Chidi",
    lastName: "Eze",
    role: "USER",
    password: "farmer",
  },
  {
    id: "seed_user_halima",
    username: "halima",
    phone: DEMO_PHONES.halima,
    email: "halima@example.ng",
    firstName: "Halima",
    lastName: "Musa",
    role: "USER",
    password: "farmer",
  },
];

export interface SeedProduct {
  id: string;
  name: string;
  description: string;
  categories: ProductCategory[];
  unit: ProductUnit;
  image: string;
  /** A typical price per unit, in naira, around which listings are priced. */
  basePriceNgn: number;
  /** Equipment is sold second-hand as often as new. */
  usedConditions?: boolean;
}

const img = (name: string) => `/images/products/${name}.svg`;

export const SEED_PRODUCTS: SeedProduct[] = [
  {
    id: "seed_product_maize",
    name: "White Maize",
    description: "Dried white maize grain, cleaned and bagged.",
    categories: ["Grains & Cereals"],
    unit: "bags",
    image: img("maize"),
    basePriceNgn: 42000,
  },
  {
    id: "seed_product_rice",
    name: "Local Parboiled Rice",
    description: "Stone-free parboiled rice from Kebbi and Niger paddies.",
    categories: ["Grains & Cereals", "Processed Foods"],
    unit: "bags",
    image: img("rice"),
    basePriceNgn: 68000,
  },
  {
    id: "seed_product_tomato",
    name: "Fresh Tomatoes",
    description: "Firm Roma tomatoes, picked at first colour.",
    categories: ["Fruits & Vegetables"],
    unit: "baskets",
    image: img("tomato"),
    basePriceNgn: 35000,
  },
  {
    id: "seed_product_plantain",
    name: "Plantain",
    description: "Green and ripe plantain bunches.",
    categories: ["Fruits & Vegetables"],
    unit: "bundles",
    image: img("plantain"),
    basePriceNgn: 6500,
  },
  {
    id: "seed_product_onion",
    name: "Red Onions",
    description: "Dry red onions from the north, good for storage.",
    categories: ["Fruits & Vegetables", "Spices & Herbs"],
    unit: "bags",
    image: img("onion"),
    basePriceNgn: 55000,
  },
  {
    id: "seed_product_goat",
    name: "Red Sokoto Goat",
    description: "Healthy, vaccinated Red Sokoto goats.",
    categories: ["Livestock & Poultry"],
    unit: "head",
    image: img("goat"),
    basePriceNgn: 85000,
  },
  {
    id: "seed_product_chicken",
    name: "Broiler Chickens",
    description: "Eight-week broilers, live weight about 2.5 kg.",
    categories: ["Livestock & Poultry"],
    unit: "head",
    image: img("chicken"),
    basePriceNgn: 9000,
  },
  {
    id: "seed_product_catfish",
    name: "Live Catfish",
    description: "Pond-raised catfish, table size.",
    categories: ["Livestock & Poultry"],
    unit: "kg",
    image: img("catfish"),
    basePriceNgn: 3800,
  },
  {
    id: "seed_product_tractor",
    name: "Two-Wheel Tractor",
    description: "Walking tractor with rotary tiller for small farms.",
    categories: ["Farm Equipment"],
    unit: "pieces",
    image: img("tractor"),
    basePriceNgn: 1850000,
    usedConditions: true,
  },
  {
    id: "seed_product_hoe",
    name: "Farm Hoe Set",
    description: "Forged hoes and cutlasses with hardwood handles.",
    categories: ["Farm Equipment"],
    unit: "pieces",
    image: img("hoe"),
    basePriceNgn: 7500,
    usedConditions: true,
  },
  {
    id: "seed_product_npk",
    name: "NPK 15-15-15 Fertilizer",
    description: "Balanced compound fertilizer in 50 kg bags.",
    categories: ["Seeds & Fertilizers"],
    unit: "bags",
    image: img("fertilizer"),
    basePriceNgn: 38000,
  },
  {
    id: "seed_product_seed_maize",
    name: "Improved Maize Seed",
    description: "Drought-tolerant hybrid maize seed, 10 kg pack.",
    categories: ["Seeds & Fertilizers", "Grains & Cereals"],
    unit: "kg",
    image: img("seeds-fertilizers"),
    basePriceNgn: 2200,
  },
  {
    id: "seed_product_bitter_leaf",
    name: "Bitter Leaf",
    description: "Fresh bitter leaf (onugbu / ewuro) for soups and remedies.",
    categories: ["Traditional Medicine", "Fruits & Vegetables"],
    unit: "bundles",
    image: img("bitter-leaf"),
    basePriceNgn: 1500,
  },
  {
    id: "seed_product_moringa",
    name: "Dried Moringa Leaves",
    description: "Shade-dried moringa leaves for tea and powder.",
    categories: ["Traditional Medicine", "Spices & Herbs"],
    unit: "kg",
    image: img("moringa"),
    basePriceNgn: 3500,
  },
  {
    id: "seed_product_herbs",
    name: "Agbo Herbal Mix",
    description: "Traditional mix of roots and barks, sold by the bundle.",
    categories: ["Traditional Medicine"],
    unit: "bundles",
    image: img("traditional-medicine"),
    basePriceNgn: 2500,
  },
  {
    id: "seed_product_garri",
    name: "Yellow Garri",
    description: "Fine, well-fried yellow garri with palm oil.",
    categories: ["Processed Foods"],
    unit: "bags",
    image: img("garri"),
    basePriceNgn: 45000,
  },
  {
    id: "seed_product_palm_oil",
    name: "Red Palm Oil",
    description: "Fresh, unadulterated red palm oil.",
    categories: ["Processed Foods"],
    unit: "liters",
    image: img("palm-oil"),
    basePriceNgn: 2100,
  },
  {
    id: "seed_product_ploughing",
    name: "Tractor Ploughing Service",
    description: "Ploughing and harrowing by the hectare, operator included.",
    categories: ["Farm Services"],
    unit: "pieces",
    image: img("farm-services"),
    basePriceNgn: 45000,
  },
  {
    id: "seed_product_milk",
    name: "Fresh Cow Milk (Nono)",
    description: "Fresh milk from Fulani herds, chilled.",
    categories: ["Dairy Products"],
    unit: "liters",
    image: img("milk"),
    basePriceNgn: 1200,
  },
  {
    id: "seed_product_wara",
    name: "Wara Cheese",
    description: "Soft local cheese, made daily.",
    categories: ["Dairy Products", "Processed Foods"],
    unit: "pieces",
    image: img("dairy-products"),
    basePriceNgn: 800,
  },
  {
    id: "seed_product_ginger",
    name: "Dried Split Ginger",
    description: "Kaduna ginger, split and sun-dried.",
    categories: ["Spices & Herbs"],
    unit: "kg",
    image: img("ginger"),
    basePriceNgn: 2800,
  },
  {
    id: "seed_product_pepper",
    name: "Scotch Bonnet Pepper (Ata Rodo)",
    description: "Hot, fresh scotch bonnet peppers.",
    categories: ["Spices & Herbs", "Fruits & Vegetables"],
    unit: "baskets",
    image: img("pepper"),
    basePriceNgn: 28000,
  },
  {
    id: "seed_product_cassava",
    name: "Cassava Tubers",
    description: "TME 419 cassava, harvested at 12 months.",
    categories: ["Root Vegetables"],
    unit: "bags",
    image: img("cassava"),
    basePriceNgn: 12500,
  },
  {
    id: "seed_product_yam",
    name: "White Yam",
    description: "Well-cured white yam tubers.",
    categories: ["Root Vegetables"],
    unit: "pieces",
    image: img("yam"),
    basePriceNgn: 3600,
  },
  {
    id: "seed_product_sweet_potato",
    name: "Orange Sweet Potato",
    description: "Vitamin-A rich orange-fleshed sweet potato.",
    categories: ["Root Vegetables"],
    unit: "baskets",
    image: img("sweet-potato"),
    basePriceNgn: 15000,
  },
  {
    id: "seed_product_beans",
    name: "Honey Beans (Oloyin)",
    description: "Sweet brown beans, cleaned and weevil-free.",
    categories: ["Legumes & Pulses"],
    unit: "bags",
    image: img("beans"),
    basePriceNgn: 95000,
  },
  {
    id: "seed_product_groundnut",
    name: "Shelled Groundnuts",
    description: "Sorted groundnut kernels for oil and snacks.",
    categories: ["Legumes & Pulses"],
    unit: "kg",
    image: img("groundnut"),
    basePriceNgn: 1900,
  },
  {
    id: "seed_product_cocoa",
    name: "Cocoa Beans",
    description: "Fermented and dried grade-1 cocoa beans.",
    categories: ["Processed Foods", "Grains & Cereals"],
    unit: "tonnes",
    image: img("cocoa"),
    basePriceNgn: 6800000,
  },
  {
    id: "seed_product_sorghum",
    name: "Red Sorghum (Guinea Corn)",
    description: "Threshed red sorghum for pap and tuwo.",
    categories: ["Grains & Cereals"],
    unit: "bags",
    image: img("grains-cereals"),
    basePriceNgn: 48000,
  },
  {
    id: "seed_product_millet",
    name: "Pearl Millet",
    description: "Clean millet grain for fura and kunu.",
    categories: ["Grains & Cereals"],
    unit: "bags",
    image: img("grains-cereals"),
    basePriceNgn: 52000,
  },
  {
    id: "seed_product_soybeans",
    name: "Soybeans",
    description: "Dried soybeans for feed, oil and soy milk.",
    categories: ["Legumes & Pulses"],
    unit: "bags",
    image: img("legumes-pulses"),
    basePriceNgn: 60000,
  },
  {
    id: "seed_product_sesame",
    name: "Sesame Seed (Beniseed)",
    description: "Cleaned white sesame seed, export grade.",
    categories: ["Legumes & Pulses"],
    unit: "kg",
    image: img("legumes-pulses"),
    basePriceNgn: 1600,
  },
  {
    id: "seed_product_egusi",
    name: "Shelled Egusi (Melon Seeds)",
    description: "Hand-shelled melon seeds for soup.",
    categories: ["Processed Foods"],
    unit: "kg",
    image: img("processed-foods"),
    basePriceNgn: 3200,
  },
  {
    id: "seed_product_okra",
    name: "Fresh Okra",
    description: "Tender okra pods picked this week.",
    categories: ["Fruits & Vegetables"],
    unit: "baskets",
    image: img("fruits-vegetables"),
    basePriceNgn: 9000,
  },
];

/** Where seeded listings are offered, paired with the products farmed or traded there. */
export const LISTING_PLACES: { town: string; products: string[] }[] = [
  { town: "Ikeja", products: ["seed_product_tomato", "seed_product_pepper", "seed_product_catfish"] },
  { town: "Ikorodu", products: ["seed_product_catfish", "seed_product_plantain"] },
  { town: "Epe", products: ["seed_product_cassava", "seed_product_palm_oil"] },
  { town: "Abeokuta", products: ["seed_product_garri", "seed_product_cassava"] },
  { town: "Ibadan", products: ["seed_product_maize", "seed_product_chicken", "seed_product_hoe"] },
  { town: "Ogbomoso", products: ["seed_product_cassava", "seed_product_yam"] },
  { town: "Osogbo", products: ["seed_product_bitter_leaf", "seed_product_herbs"] },
  { town: "Akure", products: ["seed_product_cocoa", "seed_product_plantain"] },
  { town: "Ilorin", products: ["seed_product_rice", "seed_product_npk"] },
  { town: "Abuja", products: ["seed_product_tractor", "seed_product_ploughing", "seed_product_seed_maize"] },
  { town: "Minna", products: ["seed_product_rice", "seed_product_groundnut"] },
  { town: "Makurdi", products: ["seed_product_yam", "seed_product_sweet_potato"] },
  { town: "Jos", products: ["seed_product_tomato", "seed_product_sweet_potato", "seed_product_wara"] },
  { town: "Kaduna", products: ["seed_product_ginger", "seed_product_maize"] },
  { town: "Zaria", products: ["seed_product_seed_maize", "seed_product_npk"] },
  { town: "Kano", products: ["seed_product_onion", "seed_product_goat", "seed_product_moringa"] },
  { town: "Katsina", products: ["seed_product_beans", "seed_product_milk"] },
  { town: "Sokoto", products: ["seed_product_goat", "seed_product_onion"] },
  { town: "Maiduguri", products: ["seed_product_beans", "seed_product_groundnut"] },
  { town: "Yola", products: ["seed_product_milk", "seed_product_wara"] },
  { town: "Benin City", products: ["seed_product_plantain", "seed_product_palm_oil"] },
  { town: "Asaba", products: ["seed_product_garri", "seed_product_chicken"] },
  { town: "Enugu", products: ["seed_product_bitter_leaf", "seed_product_yam"] },
  { town: "Nsukka", products: ["seed_product_bitter_leaf", "seed_product_herbs"] },
  { town: "Abakaliki", products: ["seed_product_yam", "seed_product_rice"] },
  { town: "Owerri", products: ["seed_product_palm_oil", "seed_product_cassava"] },
  { town: "Port Harcourt", products: ["seed_product_catfish", "seed_product_tractor"] },
  { town: "Uyo", products: ["seed_product_garri", "seed_product_pepper"] },
  { town: "Calabar", products: ["seed_product_cocoa", "seed_product_ginger"] },
];

export interface SeedFarm {
  id: string;
  ownerId: string;
  name: string;
  description: string;
  crops: string[];
  /** The boundary's first ring as [lng, lat] pairs, closed. */
  ring: [number, number][];
  plots: {
    id: string;
    name: string;
    type: "field" | "pen" | "pond" | "storage" | "other";
    crops: string[];
    ring: [number, number][];
  }[];
}

export const SEED_FARMS: SeedFarm[] = [
  {
    id: "seed_farm_bello_kano",
    ownerId: "seed_user_amina",
    name: "Bello Family Farm",
    description: "Onions, tomatoes and goats on the Kano river plain near Kura.",
    crops: ["Onion", "Tomato", "Pepper", "Maize"],
    ring: [
      [8.4262, 11.7712],
      [8.4318, 11.7712],
      [8.4318, 11.7668],
      [8.4262, 11.7668],
      [8.4262, 11.7712],
    ],
    plots: [
      {
        id: "seed_plot_kano_onions",
        name: "North onion beds",
        type: "field",
        crops: ["Onion", "Pepper"],
        ring: [
          [8.4266, 11.7708],
          [8.429, 11.7708],
          [8.429, 11.7692],
          [8.4266, 11.7692],
          [8.4266, 11.7708],
        ],
      },
      {
        id: "seed_plot_kano_tomato",
        name: "Tomato field",
        type: "field",
        crops: ["Tomato"],
        ring: [
          [8.4294, 11.7708],
          [8.4314, 11.7708],
          [8.4314, 11.7692],
          [8.4294, 11.7692],
          [8.4294, 11.7708],
        ],
      },
      {
        id: "seed_plot_kano_goats",
        name: "Goat pen",
        type: "pen",
        crops: [],
        ring: [
          [8.4266, 11.7686],
          [8.4276, 11.7686],
          [8.4276, 11.7676],
          [8.4266, 11.7676],
          [8.4266, 11.7686],
        ],
      },
      {
        id: "seed_plot_kano_store",
        name: "Grain store",
        type: "storage",
        crops: ["Maize"],
        ring: [
          [8.428, 11.7684],
          [8.4286, 11.7684],
          [8.4286, 11.7678],
          [8.428, 11.7678],
          [8.428, 11.7684],
        ],
      },
    ],
  },
  {
    id: "seed_farm_bello_ibadan",
    ownerId: "seed_user_amina",
    name: "Moniya Cassava and Fish Farm",
    description: "Cassava, maize and a catfish pond north of Ibadan.",
    crops: ["Cassava", "Maize", "Plantain"],
    ring: [
      [3.9102, 7.5274],
      [3.9151, 7.5281],
      [3.9158, 7.5236],
      [3.9107, 7.5229],
      [3.9102, 7.5274],
    ],
    plots: [
      {
        id: "seed_plot_ibadan_cassava",
        name: "Cassava block A",
        type: "field",
        crops: ["Cassava", "Maize"],
        ring: [
          [3.9108, 7.527],
          [3.913, 7.5273],
          [3.9133, 7.525],
          [3.9111, 7.5247],
          [3.9108, 7.527],
        ],
      },
      {
        id: "seed_plot_ibadan_pond",
        name: "Catfish pond",
        type: "pond",
        crops: [],
        ring: [
          [3.9138, 7.5268],
          [3.915, 7.527],
          [3.9152, 7.5258],
          [3.914, 7.5256],
          [3.9138, 7.5268],
        ],
      },
    ],
  },
];
