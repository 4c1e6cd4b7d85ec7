import { getEnv } from "~/env.server";
import { logger } from "~/server/logger.server";
import { waitRefusal } from "~/server/rate-limit.server";
import { sharedRedisConnection } from "~/server/redis.server";
import { SIGN_IN_PACE } from "./constants";
import { waitSchedule } from "./sign-in-pace";

// The pace of sign-in attempts against one account from browsers it does not know
// (sign-in-pace.ts says the rule; this applies it in Redis, so every web process shares it).
// One script takes the attempt's turn: concurrent guesses cannot all slip through the moment a
// wait ends, and Redis's own clock decides, whichever machine asks.

// The same connection as the rate limits.
const redis = () => sharedRedisConnection("app", "app", 55);

/** The Redis hash of an account's pace (its normalised username): `failures`, and `next` (ms, Redis's clock). */
export const signInPaceKey = (account: string) => `${getEnv().QUEUE_PREFIX}:rl:login-pace:${account}`;

// KEYS[1]: the account's pace. ARGV[1]: forget it after (ms) without an attempt let through.
// ARGV[2..]: the waits (ms) after the 1st, 2nd ... failure; the last one repeats.
// Answers 0 when the attempt may go on (counted as a failure), else the ms left to wait.
const TAKE_TURN = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local nextAt = tonumber(redis.call('HGET', KEYS[1], 'next') or '0')
if now < nextAt then return nextAt - now end
local failures = redis.call('HINCRBY', KEYS[1], 'failures', 1)
local wait = tonumber(ARGV[math.min(failures, #ARGV - 1) + 1])
redis.call('HSET', KEYS[1], 'next', now + wait)
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 0
`;

// The attempt was the owner's: it no longer counts. The wait it set stays, so a guesser gains nothing.
const GIVE_BACK = `
if tonumber(redis.call('HGET', KEYS[1], 'failures') or '0') > 0 then
  redis.call('HINCRBY', KEYS[1], 'failures', -1)
end
return 0
`;

const WAITS_MS = waitSchedule().map((seconds) => String(seconds * 1000));

/**
 * Takes an attempt's turn for the account (its normalised username), counting it as a failure
 * until giveBackTurn says otherwise; throws 429 RATE_LIMIT_EXCEEDED with the real wait
 * (Retry-After, and the message) while the account is waiting. Lets the attempt through (and
 * logs) when Redis cannot be reached: sign-in must not depend on the counters.
 */
export async function takeSignInTurn(account: string) {
  let waitMs: number;
  try {
    waitMs = Number(
      await redis().eval(
        TAKE_TURN,
        1,
        signInPaceKey(account),
        String(SIGN_IN_PACE.forgetAfterSeconds * 1000),
        ...WAITS_MS,
      ),
    );
  } catch (error) {
    logger.warn({ err: error }, "sign-in pace unavailable; allowing the attempt");
    return;
  }
  if (waitMs > 0) throw waitRefusal(Math.ceil(waitMs / 1000));
}

/** The right password: the attempt's turn is not a failure after all. */
export async function giveBackSignInTurn(account: string) {
  try {
    await redis().eval(GIVE_BACK, 1, signInPaceKey(account));
  } catch {
    // Best effort, as the counters are.
  }
}
