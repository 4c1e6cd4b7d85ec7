import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import en from "~/locales/en.json";
import ha from "~/locales/ha.json";

// The USSD menus (a basic phone's screens) and the API's refusals are said only by the server:
// the browser's copy of each language leaves them out (vite.config.ts, serverOnlyTexts), the
// server's keeps them. Read from the production build that `npm test` makes before this runs.

const files = (folder: string) =>
  readdirSync(join(process.cwd(), folder, "assets"))
    .filter((name) => name.endsWith(".js"))
    .map((name) => readFileSync(join(process.cwd(), folder, "assets", name), "utf8"));

/** A text as it stands in built JavaScript (a JSON string, quotes escaped). */
const built = (text: string) => JSON.stringify(text).slice(1, -1);

describe("texts only the server says", () => {
  const client = files("build/client");
  const server = files("build/server");
  // Texts of the group found nowhere else in their language, in plain ASCII (as the build writes them).
  const samples = [en.ussd.chooseLanguage, en.ussd.townPrompt, ha.ussd.noPrice, en.apiErrors.noSuchAddress];

  it("are in no file the browser loads, in English or another language", () => {
    for (const text of samples) expect(client.some((code) => code.includes(built(text))), text).toBe(false);
  });

  it("are in the server's build, and the browser's texts around them stay", () => {
    for (const text of samples) expect(server.some((code) => code.includes(built(text))), text).toBe(true);
    expect(client.some((code) => code.includes(built(en.marketplace.title)))).toBe(true);
  });
});
