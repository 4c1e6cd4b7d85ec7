import { createHmac } from "node:crypto";
import { getEnv, sessionSecrets } from "~/env.server";
import { logger } from "~/server/logger.server";
import { sharedRedisConnection } from "~/server/redis.server";

// The addresses each account has signed in from successfully, so that
// password guessing from elsewhere does not lock its owner out (see signIn in
// auth.server.ts). Kept in Redis as keyed digests, never as names or
// addresses: the newest 20 per account, each for 90 days after its last use.

const KEEP_SECONDS = 90 * 24 * 3600;
const KEEP_PER_ACCOUNT = 20;

// The same connection as the rate limits (one per process for the app's own keys).
const redis = () => sharedRedisConnection("app", "app", 55);

function digest(...parts: string[]) {
  const [secret] = sessionSecrets(getEnv());
  return createHmac("sha256", secret ?? "")
    .update(parts.join("\n"))
    .digest("base64url")
    .slice(0, 32);
}

const keyOf = (username: string) => `${getEnv().QUEUE_PREFIX}:login-known:${digest("account", username)}`;

/** Whether the account has signed in from this address in the last 90 days (false when Redis cannot say). */
export async function isKnownAddress(username: string, address: string): Promise<boolean> {
  try {
    const seenAt = await redis().zscore(keyOf(username), digest("address", username, address));
    return seenAt !== null && Number(seenAt) > Date.now() - KEEP_SECONDS * 1000;
  } catch (error) {
    logger.warn({ err: error }, "known sign-in addresses unavailable");
    return false;
  }
}

/** Remembers a successful sign-in's address for the account. */
export async function rememberAddress(username: string, address: string): Promise<void> {
  const key = keyOf(username);
  try {
    await redis()
      .multi()
      .zadd(key, Date.now(), digest("address", username, address))
      .zremrangebyrank(key, 0, -(KEEP_PER_ACCOUNT + 1))
      .expire(key, KEEP_SECONDS)
      .exec();
  } catch (error) {
    logger.warn({ err: error }, "could not remember a sign-in address");
  }
}
