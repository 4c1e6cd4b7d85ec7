// The landing page's four sample products (cassava, bitter leaf, yam, moringa). Shown to
// signed-out visitors as examples of what the marketplace carries.
export interface FeaturedProduct {
  id: string;
  name: string;
  price: number;
  unit: string;
  location: string;
  farmer: string;
  rating: number;
  category: "crop" | "medicine";
  organic: boolean;
  imageUrl: string;
  description: string;
}

export const FEATURED_PRODUCTS: FeaturedProduct[] = [
  {
    id: "sample-cassava",
    name: "Fresh Cassava Tubers",
    price: 12500,
    unit: "bag (50 kg)",
    location: "Ogbomoso, Oyo",
    farmer: "Adebayo Ogunleye",
    rating: 4.8,
    category: "crop",
    organic: true,
    imageUrl: "/images/products/cassava.svg",
    description: "Freshly harvested TME 419 cassava, ideal for garri, fufu and starch.",
  },
  {
    id: "sample-bitter-leaf",
    name: "Bitter Leaf (Onugbu)",
    price: 1500,
    unit: "bundle",
    location: "Nsukka, Enugu",
    farmer: "Chinwe Eze",
    rating: 4.9,
    category: "medicine",
    organic: true,
    imageUrl: "/images/products/bitter-leaf.svg",
    description: "Washed bitter leaf for soups and traditional remedies, picked the same morning.",
  },
  {
    id: "sample-yam",
    name: "Abakaliki Yam",
    price: 18000,
    unit: "set of 5 tubers",
    location: "Abakaliki, Ebonyi",
    farmer: "Emeka Nwosu",
    rating: 4.7,
    category: "crop",
    organic: false,
    imageUrl: "/images/products/yam.svg",
    description: "Large, well-cured white yam tubers that store for months.",
  },
  {
    id: "sample-moringa",
    name: "Dried Moringa Leaves",
    price: 3500,
    unit: "kg",
    location: "Kano, Kano",
    farmer: "Hauwa Abdullahi",
    rating: 4.6,
    category: "medicine",
    organic: true,
    imageUrl: "/images/products/moringa.svg",
    description: "Shade-dried moringa leaves, rich in nutrients, for tea, powder and cooking.",
  },
];
