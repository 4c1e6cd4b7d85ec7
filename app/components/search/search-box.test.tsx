import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SearchBox, type SearchBoxProps } from "./search-box";

// The search box the search page and the marketplace share, rendered to HTML:
// the browser tests find it by its id, its label and its placeholder.

const box: SearchBoxProps = {
  id: "search-page-box",
  label: "Search",
  placeholder: "Search products, listings and farms...",
  value: "maize",
  onChange: () => {},
  maxLength: 200,
};

describe("SearchBox", () => {
  it("is a search field with a label for screen readers, the text, the placeholder and the length limit", () => {
    const html = renderToString(<SearchBox {...box} />);
    expect(html).toMatch(/<label for="search-page-box" class="sr-only">Search<\/label>/);
    expect(html).toMatch(/<input id="search-page-box" type="search" [^>]*value="maize"/);
    expect(html).toContain('maxLength="200"');
    expect(html).toContain('placeholder="Search products, listings and farms..."');
    expect(html).not.toContain("enterKeyHint");
  });

  it("asks for a search key when told, and sits in the row as the page says", () => {
    const html = renderToString(<SearchBox {...box} enterKeyHint="search" className="min-w-0" />);
    expect(html).toContain('enterKeyHint="search"');
    expect(html).toMatch(/^<div class="relative flex-1 min-w-0">/);
  });
});
