// The search query's bounds and choices, apart from its schema: the search page
// reads them in the browser without loading the schema library.

/** Page size of the search page and the API's largest (product rule: search page limit 50). */
export const SEARCH_LIMIT_MAX = 50;
/** The page's radius choices, in km, and its default (product rule). */
export const SEARCH_RADII = [5, 10, 25, 50, 100] as const;
export const SEARCH_RADIUS_DEFAULT = 10;
/** The API's widest radius, in km. */
export const SEARCH_RADIUS_MAX = 500;
/** The longest search text. */
export const SEARCH_TEXT_MAX = 200;
