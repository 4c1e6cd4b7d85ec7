import { Prisma } from "~/generated/prisma/client";

/**
 * The database's refusals the app answers itself: P2002 a unique constraint (someone has it
 * already), P2003 a foreign key (what it points at is gone), P2025 a conditional write that found
 * no row to write (what it was conditioned on no longer holds).
 */
export type DatabaseRefusal = "P2002" | "P2003" | "P2025";

/** Whether `error` is Prisma's report of that refusal. */
export function isDatabaseRefusal(
  error: unknown,
  code: DatabaseRefusal,
): error is Prisma.PrismaClientKnownRequestError {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === code;
}
