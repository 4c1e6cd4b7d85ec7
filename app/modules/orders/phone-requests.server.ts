import { publicName } from "~/modules/sellers/public-profile";
import { prisma } from "~/server/db.server";

// The order requests a seller answers from a basic phone ("My orders" in the USSD menu): the
// oldest waiting first, and one of them in the few words a small screen holds. Answering goes
// through moveOrder, as on the web.

export interface RequestLine {
  id: string;
  reference: string;
  /** The buyer's public name. */
  buyer: string;
  totalNgn: string;
}

/** The seller's `take` oldest orders still waiting for their answer. */
export async function oldestRequests(sellerId: string, take: number): Promise<RequestLine[]> {
  const orders = await prisma.order.findMany({
    where: { sellerId, status: "requested" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take,
    select: { id: true, reference: true, totalNgn: true, buyer: { select: { firstName: true, lastName: true } } },
  });
  return orders.map((order) => ({
    id: order.id,
    reference: order.reference,
    buyer: publicName(order.buyer.firstName, order.buyer.lastName),
    totalNgn: order.totalNgn.toString(),
  }));
}

export interface RequestDetail extends RequestLine {
  items: { name: string; unit: string | null; quantity: number }[];
}

/** One of the seller's orders with its items, or null when it is not theirs (or does not exist). */
export async function sellerOrderDetail(orderId: string, sellerId: string): Promise<RequestDetail | null> {
  const order = await prisma.order.findFirst({
    where: { id: orderId, sellerId },
    select: {
      id: true,
      reference: true,
      totalNgn: true,
      buyer: { select: { firstName: true, lastName: true } },
      items: { select: { name: true, unit: true, quantity: true }, orderBy: { id: "asc" } },
    },
  });
  if (!order) return null;
  return {
    id: order.id,
    reference: order.reference,
    buyer: publicName(order.buyer.firstName, order.buyer.lastName),
    totalNgn: order.totalNgn.toString(),
    items: order.items,
  };
}
