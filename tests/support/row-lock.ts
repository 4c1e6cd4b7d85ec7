import { expect } from "vitest";
import { prisma } from "~/server/db.server";

// For the tests of tries counted against guesses sent at once: one row held locked (SELECT ... FOR
// UPDATE in an open transaction) while requests line up behind it in the order the test sends
// them, then let go together. A count taken before the guess is judged makes every guess behind
// the lock wait; a count taken after it lets a guess be judged (and a right one win) first.

/** Runs `during` with the row `id` of `table` locked; the lock goes when it returns. */
export async function withRowLocked(table: "User" | "PhoneCode", id: string, during: () => Promise<void>) {
  await prisma.$transaction(
    async (tx) => {
      // The table is one of two fixed names, never input.
      await tx.$queryRawUnsafe(`SELECT id FROM "${table}" WHERE id = $1 FOR UPDATE`, id);
      await during();
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}

/** Waits until `count` statements of this database naming `text` wait on a lock. */
export async function lockWaiters(text: string, count: number) {
  await expect
    .poll(
      async () => {
        const [row] = await prisma.$queryRaw<{ waiting: number }[]>`
          SELECT count(*)::int AS waiting FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'
            AND strpos(query, ${text}) > 0`;
        return row?.waiting ?? 0;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(count);
}
