import { Prisma } from "~/generated/prisma/client";

// The one "on sale" rule, written here only: a listing is on sale when it is active, no
// moderator hid it, and its seller is not suspended. Every query that sells, shows what is for
// sale or reserves stock (browse, orders, cart, USSD, price alerts) uses this fragment, so the
// rule cannot differ between the web, the phone menu and the order it makes.

const ALIAS = /^[a-z_][a-z0-9_]*$/i;

function alias(name: string) {
  if (!ALIAS.test(name)) throw new Error(`Not an SQL alias: ${name}`);
  return Prisma.raw(`"${name}"`);
}

/**
 * `(listing on sale)` as SQL, for a query that names the listing `listing` and joins its seller
 * (a "User" row) as `seller`.
 */
export function onSaleSql(listing = "l", seller = "se"): Prisma.Sql {
  const l = alias(listing);
  const se = alias(seller);
  return Prisma.sql`(${l}.status = 'active' AND ${l}."hiddenAt" IS NULL AND ${se}."suspendedAt" IS NULL)`;
}

/** How many of the listing can still be asked for: its quantity less what accepted orders hold. */
export function availableSql(listing = "l"): Prisma.Sql {
  const l = alias(listing);
  return Prisma.sql`(${l}.quantity - ${l}."reservedQuantity")`;
}
