import { definePageTexts } from "../page-texts";

// The "mapping" texts, one file per language, loaded with the pages that say them (../page-texts.ts).
export default definePageTexts(
  "mapping",
  import.meta.glob("../*.json", { query: "?texts=mapping", import: "default" }),
);
