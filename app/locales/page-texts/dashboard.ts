import { definePageTexts } from "../page-texts";

// The "dashboard" texts, one file per language, loaded with the pages that say them (../page-texts.ts).
export default definePageTexts(
  "dashboard",
  import.meta.glob("../*.json", { query: "?texts=dashboard", import: "default" }),
);
