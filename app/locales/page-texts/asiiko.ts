import { definePageTexts } from "../page-texts";

// The "asiiko" texts, one file per language, loaded with the pages that say them (../page-texts.ts).
export default definePageTexts("asiiko", import.meta.glob("../*.json", { query: "?texts=asiiko", import: "default" }));
