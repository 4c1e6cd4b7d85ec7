import { isDemoMode } from "~/env.server";
import { prisma } from "~/server/db.server";

// The demo's basic phone (/ussd): the demo accounts' numbers to call as, and the texts the demo
// would have sent to a number. Demo mode only: the demo accounts and their texts are public there,
// and nothing here exists in a deployment.

/** The not-found page outside demo mode: the simulator is not part of a deployment. */
export function requireDemo() {
  if (!isDemoMode()) throw new Response("Not Found", { status: 404 });
}

/** The demo accounts with a verified phone: who the simulator may call as. */
export async function demoCallers() {
  const users = await prisma.user.findMany({
    where: { id: { startsWith: "seed_user_" }, phone: { not: null }, phoneVerifiedAt: { not: null } },
    orderBy: { firstName: "asc" },
    select: { firstName: true, lastName: true, phone: true },
  });
  return users.map((user) => ({ name: `${user.firstName} ${user.lastName}`.trim(), phone: user.phone! }));
}

/** The demo's texts to a number, newest first. */
export async function demoTextsTo(phone: string, take = 10) {
  const texts = await prisma.smsMessage.findMany({
    where: { provider: "demo", to: phone },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: { id: true, body: true, createdAt: true },
  });
  return texts.map((text) => ({ id: text.id, body: text.body ?? "", createdAt: text.createdAt.toISOString() }));
}
