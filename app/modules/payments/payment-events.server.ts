import { prisma } from "~/modules/db.server";

export async function findPaymentEvent(id: string) {
  return prisma.paymentEvent.findUnique({ where: { id }, select: { id: true, type: true, status: true } });
}
