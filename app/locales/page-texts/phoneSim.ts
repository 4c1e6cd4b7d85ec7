import { definePageTexts } from "../page-texts";

// The "phoneSim" texts, one file per language, loaded with the pages that say them (../page-texts.ts).
export default definePageTexts(
  "phoneSim",
  import.meta.glob("../*.json", { query: "?texts=phoneSim", import: "default" }),
);
