import { describe, expect, it } from "vitest";
import { LANGUAGE_STORAGE_KEY } from "~/lib/i18n";
import { newIp, signedInUser } from "../support/api-client";
import { createListing } from "../support/market";
import { serveForTests } from "../support/web";

// The bytes of pages rendered many at once, as a busy server renders them: React writes a page in
// 2 KB views, and a character of two or more UTF-8 bytes that did not fit at a view's end left
// zeros in the page (U+0000 before "·" on My Orders, "\0\0₦" on Market Prices, seen under load).
// Titles of Yoruba and naira signs of every length put such characters across many views' ends,
// and each page is asked for streamed (a browser) and whole (a crawler), in every language.

const web = serveForTests();

const BROWSER =
  "Mozilla/5.0 (Linux; Android 12; TECNO KG5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const WIDE = ["ẹ̀", "₦", "·", "ọ́", "ṣ"];

describe("pages rendered under load", () => {
  it("never carry a NUL byte, whatever their characters and however their pieces fall", async () => {
    const seller = await signedInUser("USER", "bytes");
    // Forty titles of one to forty wide characters after a varying run of plain letters.
    for (let index = 0; index < 40; index += 1) {
      const wide = Array.from({ length: index + 1 }, (_, at) => WIDE[(at + index) % WIDE.length]).join("");
      await createListing(seller.user.id, {
        title: `${"a".repeat(index % 7)} ${wide}`.slice(0, 80),
        priceNgn: `${1000 + index * 37}.50`,
        locality: "Ọ̀yọ́ · Ìbàdàn",
      });
    }
    const pages = ["/marketplace", "/marketplace?sort=price_low", "/prices", "/orders", "/orders?tab=selling", "/"];
    const requests = pages.flatMap((page) =>
      ["en", "yo", "ha", "ig", "fr"].flatMap((language) =>
        [BROWSER, CRAWLER].map((agent) => ({ page, language, agent })),
      ),
    );
    const problems: string[] = [];
    // Twenty at a time, twice over: the load under which pieces fall differently.
    for (let round = 0; round < 2; round += 1)
      for (let from = 0; from < requests.length; from += 20)
        await Promise.all(
          requests.slice(from, from + 20).map(async ({ page, language, agent }) => {
            const response = await fetch(`${web.baseUrl}${page}`, {
              headers: {
                "User-Agent": agent,
                "Accept-Encoding": "gzip, deflate, br",
                "X-Forwarded-For": newIp(),
                Cookie: `${seller.cookie}; ${LANGUAGE_STORAGE_KEY}=${language}`,
              },
              redirect: "manual",
            });
            const bytes = Buffer.from(await response.arrayBuffer());
            if (response.status !== 200) problems.push(`${page} (${language}) answered ${response.status}`);
            const nul = bytes.indexOf(0);
            if (nul >= 0)
              problems.push(
                `${page} (${language}, ${agent === BROWSER ? "streamed" : "whole"}): NUL at byte ${nul} before ${JSON.stringify(bytes.subarray(nul, nul + 12).toString("utf8"))}`,
              );
            else if (!new TextDecoder("utf-8", { fatal: true }).decode(bytes).includes("</html>"))
              problems.push(`${page} (${language}) is not a whole page`);
          }),
        );
    expect(problems).toEqual([]);
  });
});
