import { useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useIsomorphicLayoutEffect } from "./use-isomorphic-layout-effect";

// Filters kept in the page's address (?search=&status=...), so a reload or a
// shared link shows the same results and the loader does the filtering.
// Every change replaces the history entry (Back leaves the page rather than
// stepping through each keystroke) and keeps the scroll position.

const NAVIGATE = { replace: true, preventScrollReset: true } as const;

/** The search box writes the address this long after typing stops (product rule: 300 ms on every search box). */
export const SEARCH_DEBOUNCE_MS = 300;

interface Address {
  pathname: string;
  search: string;
}

/** What of `useNavigation()` matters here. */
export interface NavigationLike {
  state: "idle" | "loading" | "submitting";
  location?: Address;
  formMethod?: string;
}

/**
 * Where the address is heading: the navigation under way when it is a plain
 * visit (a link, a filter change, a GET form), else the address shown now.
 * A form post's navigation is not a change of filters.
 */
export function addressAhead(current: Address, navigation: NavigationLike): Address {
  if (navigation.state === "idle" || !navigation.location) return current;
  if (navigation.formMethod && navigation.formMethod.toUpperCase() !== "GET") return current;
  return { pathname: navigation.location.pathname, search: navigation.location.search };
}

/** True while a visit to other filters of this same page is loading: the results on screen are the old ones. */
export function isFilteringHere(current: Address, navigation: NavigationLike): boolean {
  if (navigation.state !== "loading") return false;
  const ahead = addressAhead(current, navigation);
  return ahead.pathname === current.pathname && ahead.search !== current.search;
}

/**
 * The navigation that changes the filters: `change` gets the newest filters
 * (a change still loading included) and returns the next ones, which replace
 * the history entry. With `unlessLeaving`, null while a visit to another page
 * is under way (a link clicked while typing wins over the typed search).
 */
export function planFilterChange(
  current: Address,
  navigation: NavigationLike,
  change: (params: URLSearchParams) => URLSearchParams,
  { unlessLeaving = false }: { unlessLeaving?: boolean } = {},
) {
  const ahead = addressAhead(current, navigation);
  const leaving = ahead.pathname !== current.pathname;
  if (leaving && unlessLeaving) return null;
  // A filter clicked while leaving keeps the user here: it builds on the filters on screen.
  const params = change(new URLSearchParams(leaving ? current.search : ahead.search));
  return { params, options: NAVIGATE };
}

/**
 * The page's filters in its address: `params`, the newest ones (a change
 * still loading included); `update`, which changes them (see planFilterChange);
 * and `filtering`, true while the results of a change are loading.
 */
export function useUrlFilters() {
  const location = useLocation();
  const navigation = useNavigation();
  const [, setSearchParams] = useSearchParams();
  const ahead = addressAhead(location, navigation);

  // Read from event handlers and timers, so they see the newest address.
  const latest = useRef({ location, navigation: navigation as NavigationLike, setSearchParams });
  useIsomorphicLayoutEffect(() => {
    latest.current = { location, navigation, setSearchParams };
  });

  const update = useCallback(
    (change: (params: URLSearchParams) => URLSearchParams, options?: { unlessLeaving?: boolean }): boolean => {
      const { location: current, navigation: under, setSearchParams: navigate } = latest.current;
      const step = planFilterChange(current, under, change, options);
      if (!step) return false;
      // Until React renders the navigation, a second change in the same moment builds on this one.
      latest.current = {
        ...latest.current,
        navigation: {
          state: "loading",
          location: { pathname: current.pathname, search: `?${step.params.toString()}` },
        },
      };
      navigate(step.params, step.options);
      return true;
    },
    [],
  );

  return {
    params: new URLSearchParams(ahead.pathname === location.pathname ? ahead.search : location.search),
    filtering: isFilteringHere(location, navigation),
    update,
  };
}

/**
 * The search box's text and its way to the address, apart from React (so it
 * can be tested with fake timers): the typed text is written, trimmed, once
 * typing has stopped for `delayMs`; an address that changes from elsewhere
 * (Back, Clear Filters, a link) replaces the text, but the echo of the box's
 * own writes never does, so it never fights the typing.
 */
export function createSearchBox({
  initial,
  delayMs,
  write,
}: {
  /** The address's value when the box appears. */
  initial: string;
  delayMs: number;
  /** Puts the value into the address (empty: remove it); false if it could not now. */
  write: (value: string) => boolean;
}) {
  let text = initial;
  // The value the address has, or is about to have through our own write.
  let known = initial;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<() => void>();

  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const setTextAndTell = (next: string) => {
    if (next === text) return;
    text = next;
    for (const listener of listeners) listener();
  };

  return {
    getText: () => text,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The user typed: write the trimmed text once they stop. */
    type(next: string) {
      setTextAndTell(next);
      cancel();
      timer = setTimeout(() => {
        timer = null;
        const value = text.trim();
        if (value !== known && write(value)) known = value;
      }, delayMs);
    },
    /** The address's value now (the newest, a navigation under way included). */
    follow(value: string) {
      if (value === known) return;
      known = value;
      cancel();
      // "maize " typed and "maize" in the address are the same search: keep the space being typed.
      if (text.trim() !== value) setTextAndTell(value);
    },
    /** The box is going away: nothing more is written. */
    stop: cancel,
  };
}

/**
 * A search box kept in the address's `param`: returns the text to show and
 * the setter for each keystroke. The trimmed text reaches the address
 * `delayMs` after typing stops (replacing the history entry, keeping the
 * other parameters, removing `param` when empty, and removing `resets`, such
 * as the page number, which a new search makes meaningless).
 */
export function useUrlSearch({
  param = "search",
  delayMs = SEARCH_DEBOUNCE_MS,
  resets = [],
}: { param?: string; delayMs?: number; resets?: readonly string[] } = {}) {
  const { params, update } = useUrlFilters();
  const value = params.get(param) ?? "";
  const writeTo = useRef({ param, resets });
  useIsomorphicLayoutEffect(() => {
    writeTo.current = { param, resets };
  });

  const [box] = useState(() =>
    createSearchBox({
      initial: value,
      delayMs,
      write: (next) =>
        update(
          (params) => {
            const { param: name, resets: cleared } = writeTo.current;
            if (next) params.set(name, next);
            else params.delete(name);
            for (const other of cleared) params.delete(other);
            return params;
          },
          // A link clicked while typing wins: the search is not written over it.
          { unlessLeaving: true },
        ),
    }),
  );
  const text = useSyncExternalStore(box.subscribe, box.getText, box.getText);
  useEffect(() => box.follow(value), [box, value]);
  useEffect(() => box.stop, [box]);

  return { text, setText: box.type };
}
