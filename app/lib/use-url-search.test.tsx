import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  addressAhead,
  createSearchBox,
  isFilteringHere,
  planFilterChange,
  SEARCH_DEBOUNCE_MS,
  useUrlFilters,
  useUrlSearch,
  type NavigationLike,
} from "./use-url-search";

// The search box kept in the address and the filter changes behind it. The
// hooks connect these to Remix's location, navigation and setSearchParams
// (no DOM here to run their effects: the browser tests type into the real
// pages, tests/e2e/marketplace.spec.ts and my-listings.spec.ts).

const idle: NavigationLike = { state: "idle" };
const here = { pathname: "/marketplace", search: "?categories=Grains" };
const loading = (search: string, pathname = "/marketplace"): NavigationLike => ({
  state: "loading",
  location: { pathname, search },
});

/** A box whose writes land in `address`, as the page's navigation would. */
function box(initial = "") {
  const address: string[] = [];
  const search = createSearchBox({
    initial,
    delayMs: SEARCH_DEBOUNCE_MS,
    write: (value) => {
      address.push(value);
      return true;
    },
  });
  const shown: string[] = [];
  search.subscribe(() => shown.push(search.getText()));
  return { search, address, shown };
}

describe("the search box", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("waits 300 ms after the last keystroke, then writes the trimmed text once", () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    const { search, address } = box();
    for (const text of ["m", "ma", "mai", "maize", "maize "]) {
      search.type(text);
      vi.advanceTimersByTime(299);
    }
    expect(address).toEqual([]);
    expect(search.getText()).toBe("maize ");
    vi.advanceTimersByTime(1);
    expect(address).toEqual(["maize"]);
    vi.advanceTimersByTime(10_000);
    expect(address).toEqual(["maize"]);
  });

  it("writes an emptied box as empty (the page removes the parameter), and nothing when only spaces changed", () => {
    const { search, address } = box("maize");
    search.type("maize  ");
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(address).toEqual([]);
    search.type("");
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(address).toEqual([""]);
  });

  it("is not reset by the echo of its own write while the user types on", () => {
    const { search, address, shown } = box();
    search.type("mai");
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    search.type("maiz");
    // The address now says what the box wrote a moment ago: the box keeps "maiz".
    search.follow("mai");
    expect(search.getText()).toBe("maiz");
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(address).toEqual(["mai", "maiz"]);
    search.follow("maiz");
    expect(shown.at(-1)).toBe("maiz");
  });

  it("follows an address changed from elsewhere (Back, Clear Filters) and drops the typing it replaces", () => {
    const { search, address } = box("cassava");
    search.follow("yam");
    expect(search.getText()).toBe("yam");
    search.type("yams");
    search.follow("");
    expect(search.getText()).toBe("");
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);
    expect(address).toEqual([]);
  });

  it("keeps a trailing space being typed when the address has the same search", () => {
    const { search } = box("");
    search.type("maize ");
    search.follow("maize");
    expect(search.getText()).toBe("maize ");
  });

  it("tries again at the next keystroke when the write could not be made (a link was clicked)", () => {
    let allowed = false;
    const address: string[] = [];
    const search = createSearchBox({
      initial: "",
      delayMs: SEARCH_DEBOUNCE_MS,
      write: (value) => {
        if (allowed) address.push(value);
        return allowed;
      },
    });
    search.type("rice");
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(address).toEqual([]);
    allowed = true;
    search.type("rice ");
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(address).toEqual(["rice"]);
  });

  it("writes nothing once stopped", () => {
    const { search, address } = box();
    search.type("beans");
    search.stop();
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(address).toEqual([]);
  });
});

describe("filter changes", () => {
  const setSearch = (value: string) => (params: URLSearchParams) => {
    params.set("search", value);
    return params;
  };

  it("replace the history entry and keep the scroll position", () => {
    const step = planFilterChange(here, idle, setSearch("rice"));
    expect(step?.options).toEqual({ replace: true, preventScrollReset: true });
  });

  it("keep the other parameters", () => {
    const step = planFilterChange(here, idle, setSearch("rice"));
    expect(Object.fromEntries(step!.params)).toEqual({ categories: "Grains", search: "rice" });
  });

  it("build on a change still loading, so two quick changes never undo each other", () => {
    const step = planFilterChange(here, loading("?categories=Grains&sort=price_low"), setSearch("rice"));
    expect(Object.fromEntries(step!.params)).toEqual({ categories: "Grains", sort: "price_low", search: "rice" });
  });

  it("are not written over a visit to another page by a typed search, but a click still wins", () => {
    const leaving = loading("", "/dashboard");
    expect(planFilterChange(here, leaving, setSearch("rice"), { unlessLeaving: true })).toBeNull();
    expect(Object.fromEntries(planFilterChange(here, leaving, setSearch("rice"))!.params)).toEqual({
      categories: "Grains",
      search: "rice",
    });
  });

  it("ignore a form post's navigation", () => {
    const posting: NavigationLike = {
      state: "submitting",
      formMethod: "POST",
      location: { pathname: "/marketplace", search: "" },
    };
    expect(addressAhead(here, posting)).toEqual(here);
  });
});

describe("loading new results", () => {
  it("is a visit to other filters of the same page", () => {
    expect(isFilteringHere(here, idle)).toBe(false);
    expect(isFilteringHere(here, loading("?categories=Farm+Equipment"))).toBe(true);
    // Reloading the same address, or leaving, is not new filters.
    expect(isFilteringHere(here, loading(here.search))).toBe(false);
    expect(isFilteringHere(here, loading("", "/dashboard"))).toBe(false);
  });
});

describe("the hooks in a page", () => {
  function SearchBox() {
    const { text } = useUrlSearch({ param: "q" });
    const { params, filtering } = useUrlFilters();
    return <input value={text} readOnly data-filtering={String(filtering)} data-page={params.get("page") ?? ""} />;
  }

  it("start from the address, as the server renders the page", () => {
    const Stub = createRemixStub([{ path: "/search", Component: SearchBox }]);
    const html = renderToString(<Stub initialEntries={["/search?q=white%20maize&page=2"]} />);
    expect(html).toContain('value="white maize"');
    expect(html).toContain('data-filtering="false"');
    expect(html).toContain('data-page="2"');
  });
});
