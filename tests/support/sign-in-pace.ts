import { Redis } from "ioredis";
import { signInPaceKey } from "~/modules/auth/sign-in-pace.server";

// The sign-in pace over an hour, in a test that cannot wait an hour: the account's next
// allowed attempt is moved earlier by the wait a guesser was told, as if they had waited it.
// Only the time moves; what the server counts and refuses is its own.

/** Moves the account's (normalised username's) next allowed sign-in attempt `seconds` earlier. */
export async function passSignInWait(account: string, seconds: number) {
  const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", { maxRetriesPerRequest: 1 });
  try {
    await redis.hincrby(signInPaceKey(account), "next", -seconds * 1000);
  } finally {
    redis.disconnect();
  }
}
