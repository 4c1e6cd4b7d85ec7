import { data } from "@remix-run/node";
import { getEnv } from "~/env.server";
import { hitRateLimits, type Limit } from "~/server/rate-limit.server";
import { Refusal } from "~/server/refusal";

// Searching with words is the dearest read we serve, so it is counted per
// account and per network address: /api/search, the search page, and the
// marketplace and /api/market/listings when they are given words. A person
// searches a few times a minute; a script that walks the catalogue does not
// get far. The address limit is the looser one: on mobile networks many
// people share one address.

const WINDOW_SECONDS = 60;

export function searchLimits(env = getEnv()) {
  const limit = (name: string, max: number): Limit | null =>
    max > 0 ? { name, max, windowSeconds: WINDOW_SECONDS, message: "search.errors.rateLimited" } : null;
  return {
    perUser: limit("search-user", env.SEARCH_LIMIT_PER_USER),
    perAddress: limit("search-ip", env.SEARCH_LIMIT_PER_ADDRESS),
  };
}

/** Counts one search; throws 429 RATE_LIMIT_EXCEEDED with Retry-After past either limit. */
export async function countSearch(userId: string, clientIp: string) {
  const { perUser, perAddress } = searchLimits();
  const hits: { limit: Limit; key: string }[] = [];
  if (perUser) hits.push({ limit: perUser, key: userId });
  if (perAddress) hits.push({ limit: perAddress, key: clientIp });
  if (hits.length > 0) await hitRateLimits(hits);
}

/**
 * For a page's loader: past a limit, a 429 answer (with Retry-After) that the
 * page's error boundary shows as 'Too many searches...', with Try Again.
 */
export async function countPageSearch(userId: string, clientIp: string) {
  try {
    await countSearch(userId, clientIp);
  } catch (error) {
    if (error instanceof Refusal && error.status === 429) {
      throw data({ code: error.code }, { status: 429, headers: error.headers });
    }
    throw error;
  }
}
