import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import en from "~/locales/en.json";
import ha from "~/locales/ha.json";
import yo from "~/locales/yo.json";

// The USSD menus (a basic phone's screens) and the API's refusals are said only by the server:
// the browser's copy of each language leaves them out (vite.config.ts, browserTexts), the
// server's keeps them. The groups only a few pages say are left out of the copy every page
// carries and come as files of their own (app/locales/page-texts.ts). Read from the production
// build that `npm test` makes before this runs.

const named = (folder: string) =>
  readdirSync(join(process.cwd(), folder, "assets"))
    .filter((name) => name.endsWith(".js"))
    .map((name) => ({ name, code: readFileSync(join(process.cwd(), folder, "assets", name), "utf8") }));
const files = (folder: string) => named(folder).map((file) => file.code);

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

describe("texts only a few pages say", () => {
  const client = named("build/client");
  // Found nowhere else in their language, in plain ASCII.
  const groups = [
    { text: en.mapping.createFarmTitle, group: en.mapping },
    { text: en.legal.privacy.intro, group: en.legal },
    { text: yo.dashboard.statFarms, group: yo.dashboard },
  ];

  it("are not in the texts every page carries, and each group is a file of its own", () => {
    // The copy every page carries: the file with a text of the marketplace in English.
    const everyPage = client.filter((file) => file.code.includes(built(en.marketplace.subtitle)));
    expect(everyPage).toHaveLength(1);
    for (const { text, group } of groups) {
      for (const file of everyPage) expect(file.code.includes(built(text)), `${text} in ${file.name}`).toBe(false);
      // One file holds the group alone: none of the texts every page carries.
      const own = client.filter((file) => file.code.includes(built(text)));
      expect(own, text).toHaveLength(1);
      expect(own[0]!.code).not.toContain(built(en.marketplace.subtitle));
      expect(Object.keys(group).length).toBeGreaterThan(3);
    }
  });

  it("leave the English copy every page carries smaller than 20 KB compressed", () => {
    const english = client.filter((file) => file.code.includes(built(en.marketplace.subtitle)));
    expect(english).toHaveLength(1);
    expect(gzipSync(english[0]!.code).length).toBeLessThan(20 * 1024);
  });
});
