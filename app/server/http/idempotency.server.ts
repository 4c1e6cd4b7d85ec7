import { getEnv } from "~/env.server";
import { Refusal } from "~/server/refusal";
import { sharedRedisConnection } from "~/server/redis.server";

// A write a phone may send again (it kept it while there was no signal, and the answer to the
// first send was lost) is done once: the client names it with an Idempotency-Key header, and a
// second request with the same key, by the same account, answers what the first answered (for a
// day) instead of writing again. While the first is still being done, the second is told 409 to
// come back. A request without the header is written as always.

const redis = () => sharedRedisConnection("app", "app", 55);
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** How long an answer is kept for a key: a phone out of signal for longer sends something new. */
const KEPT_SECONDS = 24 * 3_600;
/** How long a key is held while its first request is being done. */
const HELD_SECONDS = 60;
const KEY_SHAPE = /^[A-Za-z0-9_-]{16,100}$/;

interface Kept {
  status: number;
  body: unknown;
}

/**
 * Runs `write` once per (account, scope, key): the answer kept is given to a repeat. A key that
 * is not 16-100 letters, digits, '-' or '_' is refused with 400 VLD_REQUIRED_FIELD.
 */
export async function onceForKey(
  request: Request,
  accountId: string,
  scope: string,
  write: () => Promise<{ status: number; body: unknown }>,
): Promise<Response> {
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) {
    const { status, body } = await write();
    return Response.json(body, { status });
  }
  if (!KEY_SHAPE.test(key))
    throw new Refusal("VLD_REQUIRED_FIELD", "apiErrors.idempotencyKey", {
      fields: { [IDEMPOTENCY_HEADER]: ["apiErrors.idempotencyKey"] },
    });
  const slot = `${getEnv().QUEUE_PREFIX}:idempotency:${accountId}:${scope}:${key}`;
  const claimed = await redis().set(slot, "", "EX", HELD_SECONDS, "NX");
  if (claimed === null) {
    const kept = await redis().get(slot);
    if (!kept)
      throw new Refusal("DB_DUPLICATE_ENTRY", "apiErrors.idempotencyBusy", { headers: { "Retry-After": "2" } });
    const { status, body } = JSON.parse(kept) as Kept;
    return Response.json(body, { status, headers: { "Idempotent-Replayed": "true" } });
  }
  let answer: Kept;
  try {
    answer = await write();
  } catch (error) {
    // Refused or failed: nothing was written, so the same key may try again.
    await redis().del(slot);
    throw error;
  }
  await redis().set(slot, JSON.stringify(answer), "EX", KEPT_SECONDS);
  return Response.json(answer.body, { status: answer.status });
}
