import { definePageTexts } from "../page-texts";

// The "legal" texts, one file per language, loaded with the pages that say them (../page-texts.ts).
export default definePageTexts("legal", import.meta.glob("../*.json", { query: "?texts=legal", import: "default" }));
