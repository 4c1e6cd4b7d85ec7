// The landing page's four sample products (cassava, bitter leaf, yam, moringa). Shown to
// signed-out visitors as examples of what the marketplace carries. Their name, unit and
// description are texts of the locale files (landing.featured.<key>); the farmer and the
// place names stay as they are in every language.
export type FeaturedKey = "cassava" | "bitterLeaf" | "yam" | "moringa";

export interface FeaturedProduct {
  id: string;
  key: FeaturedKey;
  price: number;
  location: string;
  farmer: string;
  rating: number;
  category: "crop" | "medicine";
  organic: boolean;
  imageUrl: string;
}

export const FEATURED_PRODUCTS: FeaturedProduct[] = [
  {
    id: "sample-cassava",
    key: "cassava",
    price: 12500,
    location: "Ogbomoso, Oyo",
    farmer: "Adebayo Ogunleye",
    rating: 4.8,
    category: "crop",
    organic: true,
    imageUrl: "/images/products/cassava.svg",
  },
  {
    id: "sample-bitter-leaf",
    key: "bitterLeaf",
    price: 1500,
    location: "Nsukka, Enugu",
    farmer: "Chinwe Eze",
    rating: 4.9,
    category: "medicine",
    organic: true,
    imageUrl: "/images/products/bitter-leaf.svg",
  },
  {
    id: "sample-yam",
    key: "yam",
    price: 18000,
    location: "Abakaliki, Ebonyi",
    farmer: "Emeka Nwosu",
    rating: 4.7,
    category: "crop",
    organic: false,
    imageUrl: "/images/products/yam.svg",
  },
  {
    id: "sample-moringa",
    key: "moringa",
    price: 3500,
    location: "Kano, Kano",
    farmer: "Hauwa Abdullahi",
    rating: 4.6,
    category: "medicine",
    organic: true,
    imageUrl: "/images/products/moringa.svg",
  },
];
