import { getEnv } from "~/env.server";
import { sharedRedisConnection } from "~/server/redis.server";
import { USSD_SESSION_SECONDS } from "./constants";
import { decodeSession, encodeSession, SESSION_VERSION, type UssdSession } from "./state";

// A USSD session's state between screens, in Redis for five minutes (a session lasts three at
// most): the answers it has taken, the screen it showed and what that screen offered. The
// provider sends every answer so far with each screen, so a screen asked for again (the network
// retrying) is answered from here, and an answer is applied once. The key carries the state's
// version, and a state that is not this version's reads as none (app/modules/ussd/state.ts): a
// session met mid-flow across a deploy ends as an expired one does, in either direction.

const redis = () => sharedRedisConnection("app", "app", 55);
const key = (sessionId: string) => `${getEnv().QUEUE_PREFIX}:ussd:session:v${SESSION_VERSION}:${sessionId}`;
const lockKey = (sessionId: string) => `${getEnv().QUEUE_PREFIX}:ussd:lock:${sessionId}`;

export async function loadSession(sessionId: string): Promise<UssdSession | null> {
  const raw = await redis().get(key(sessionId));
  return raw ? decodeSession(raw) : null;
}

export async function saveSession(session: UssdSession) {
  await redis().set(key(session.sessionId), encodeSession(session), "EX", USSD_SESSION_SECONDS);
}

/**
 * Holds the session while one screen is worked out, so the same answer arriving twice at once
 * (the network retrying a slow screen) is applied once: answers whether it was taken.
 */
export async function holdSession(sessionId: string, token: string): Promise<boolean> {
  return (await redis().set(lockKey(sessionId), token, "PX", 5000, "NX")) === "OK";
}

export async function releaseSession(sessionId: string, token: string) {
  // Only our own hold: one that lapsed and was taken by another call stays theirs.
  await redis().eval(
    "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end",
    1,
    lockKey(sessionId),
    token,
  );
}
