import { definePageTexts } from "../page-texts";

// The "accountData" texts, one file per language, loaded with the pages that say them (../page-texts.ts).
export default definePageTexts(
  "accountData",
  import.meta.glob("../*.json", { query: "?texts=accountData", import: "default" }),
);
