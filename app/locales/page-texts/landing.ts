import { definePageTexts } from "../page-texts";

// The "landing" texts, one file per language, loaded with the pages that say them (../page-texts.ts).
export default definePageTexts(
  "landing",
  import.meta.glob("../*.json", { query: "?texts=landing", import: "default" }),
);
