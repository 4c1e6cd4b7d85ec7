import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PlaceChip } from "./place-chip";

// The place filter's chip the search page and the marketplace share, rendered
// to HTML: the browser tests find it by data-near and its X by its name.

describe("PlaceChip", () => {
  it("shows the place with data-near and an X named for what it does", () => {
    const html = renderToString(
      <PlaceChip
        text="Near Ibadan · 50 km"
        clearLabel="Clear location filter"
        onClear={() => {}}
        className="order-3 sm:order-2"
      />,
    );
    expect(html).toMatch(/^<p class="[^"]*rounded-full[^"]* order-3 sm:order-2" data-near="true">/);
    expect(html).toContain('<span class="truncate">Near Ibadan · 50 km</span>');
    expect(html).toMatch(/<button type="button" aria-label="Clear location filter"/);
  });
});
