import { isDemoMode } from "~/env.server";
import { openText } from "./sealed-text.server";
import { prisma } from "~/server/db.server";

// The demo's basic phone (/ussd) and SMS inbox (/sms): the numbers a reader may call as and read
// the texts of. Demo mode only, and even there a demo server may hold real people's accounts: the
// demo accounts' numbers are public, a signed-in person's own verified number is theirs; any other
// number is nobody's business here (its codes would take it over, its USSD would act for its owner).

/** The not-found page outside demo mode: the simulator is not part of a deployment. */
export function requireDemo() {
  if (!isDemoMode()) throw new Response("Not Found", { status: 404 });
}

const DEMO_ACCOUNT = "seed_user_";

/** The demo accounts with a verified phone: who anyone may call as on the demo phone. */
export async function demoCallers() {
  const users = await prisma.user.findMany({
    where: { id: { startsWith: DEMO_ACCOUNT }, phone: { not: null }, phoneVerifiedAt: { not: null } },
    orderBy: { firstName: "asc" },
    select: { firstName: true, lastName: true, phone: true },
  });
  return users.map((user) => ({ name: `${user.firstName} ${user.lastName}`.trim(), phone: user.phone! }));
}

/** The signed-in person's own verified number, named for the phone's list; null without one. */
export async function ownCaller(userId: string | null) {
  if (!userId) return null;
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: { firstName: true, lastName: true, phone: true, phoneVerifiedAt: true },
  });
  if (!user?.phone || !user.phoneVerifiedAt) return null;
  return { name: `${user.firstName} ${user.lastName}`.trim(), phone: user.phone };
}

/** Who may be called as on the demo phone by this reader: the demo accounts, then their own number. */
export async function demoCallersFor(userId: string | null) {
  const [demo, own] = await Promise.all([demoCallers(), ownCaller(userId)]);
  return own && !demo.some((caller) => caller.phone === own.phone) ? [...demo, own] : demo;
}

/** The words of a stored demo text: a code's text is sealed and opened only for its permitted reader. */
const wordsOf = (text: { to: string; body: string | null; sealedBody: string | null }) =>
  text.body ?? (text.sealedBody ? (openText(text.sealedBody, text.to) ?? "") : "");

/** The demo's texts to a number the caller may use (see demoCallersFor), newest first. */
export async function demoTextsTo(phone: string, take = 10) {
  const texts = await prisma.smsMessage.findMany({
    where: { provider: "demo", to: phone },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: { id: true, to: true, body: true, sealedBody: true, createdAt: true },
  });
  return texts.map((text) => ({ id: text.id, body: wordsOf(text), createdAt: text.createdAt.toISOString() }));
}

/**
 * The demo SMS inbox of a signed-in reader, newest first: texts to the demo accounts' numbers and
 * to their own verified number, and the texts sent for their own account to a number no other
 * account has verified (a code for a number they are adding, which takes it from nobody).
 */
export async function demoInboxFor(userId: string, take = 100) {
  const [demo, own, sentForThem] = await Promise.all([
    demoCallers(),
    ownCaller(userId),
    prisma.smsMessage.findMany({
      where: { provider: "demo", userId },
      distinct: ["to"],
      select: { to: true },
    }),
  ]);
  const open = new Set([...demo.map((caller) => caller.phone), ...(own ? [own.phone] : [])]);
  const theirs = sentForThem.map((text) => text.to).filter((to) => !open.has(to));
  const claimed = new Set(
    (
      await prisma.user.findMany({
        where: { phone: { in: theirs }, phoneVerifiedAt: { not: null }, id: { not: userId } },
        select: { phone: true },
      })
    ).map((user) => user.phone),
  );
  const unclaimed = theirs.filter((to) => !claimed.has(to));
  const texts = await prisma.smsMessage.findMany({
    where: {
      provider: "demo",
      OR: [{ to: { in: [...open] } }, { userId, to: { in: unclaimed } }],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: { id: true, to: true, kind: true, body: true, sealedBody: true, createdAt: true },
  });
  return texts.map((text) => ({
    id: text.id,
    to: text.to,
    kind: text.kind,
    body: wordsOf(text),
    createdAt: text.createdAt.toISOString(),
  }));
}
