import { plainLettersFor } from "~/lib/gsm";
import { isLanguage } from "~/lib/i18n";
import { publicName } from "~/modules/sellers/public-profile";
import { queueSms, smsProviderName } from "~/modules/sms/sms.server";
import { prisma } from "~/server/db.server";
import { getFixedT } from "~/server/i18n.server";
import { logger } from "~/server/logger.server";
import { quietHoursDelayMs } from "./quiet-hours";

// The texts an order sends its parties' verified phones, in their language, never at night
// (quiet-hours.ts): the seller of a new request, the phone buyer of the seller's answer. A text
// that cannot be queued undoes nothing (the notification is there).

/**
 * A text to the seller's verified phone about a new request, in their language, one per order;
 * at night it waits for the morning. A text that cannot be queued does not undo the order (the
 * notification is there).
 */
export async function textSellerOfRequest(orderId: string, now: Date) {
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: {
      reference: true,
      _count: { select: { items: true } },
      buyer: { select: { firstName: true, lastName: true } },
      seller: { select: { id: true, phone: true, phoneVerifiedAt: true, language: true } },
    },
  });
  const seller = order?.seller;
  if (!order || !seller?.phone || !seller.phoneVerifiedAt || !smsProviderName()) return;
  const t = await getFixedT(isLanguage(seller.language) ? seller.language : "en");
  const body = t("orders.sms.requested", {
    reference: order.reference,
    buyer: publicName(order.buyer.firstName, order.buyer.lastName),
    count: order._count.items,
  });
  try {
    await queueSms({
      to: seller.phone,
      body,
      kind: "order_request",
      userId: seller.id,
      plainLetters: plainLettersFor(seller.language),
      delayMs: quietHoursDelayMs(now),
    });
  } catch (error) {
    logger.error({ err: error, orderId }, "the seller's text about an order request could not be queued");
  }
}

/**
 * The seller's answer to a request asked for by phone, texted to its buyer, who may have no web
 * (a notification waits for them too): accepted, with the seller's verified number (shared once
 * accepted, as the order page shares it); changed, with the new total; declined, with why.
 */
export async function textBuyerOfAnswer(orderId: string, moverId: string, now: Date) {
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: {
      reference: true,
      status: true,
      placedByPhone: true,
      sellerId: true,
      totalNgn: true,
      declineReason: true,
      buyer: { select: { id: true, phone: true, phoneVerifiedAt: true, language: true } },
      seller: { select: { firstName: true, lastName: true, phone: true, phoneVerifiedAt: true } },
    },
  });
  if (!order?.placedByPhone || order.sellerId !== moverId) return;
  const { buyer, seller } = order;
  if (!buyer.phone || !buyer.phoneVerifiedAt || !smsProviderName()) return;
  const t = await getFixedT(isLanguage(buyer.language) ? buyer.language : "en");
  const named = {
    reference: order.reference,
    seller: publicName(seller.firstName, seller.lastName),
    phone: seller.phoneVerifiedAt ? seller.phone : null,
  };
  const body =
    order.status === "accepted"
      ? named.phone
        ? t("ussd.sms.orderAccepted", named)
        : t("ussd.sms.orderAcceptedNoPhone", named)
      : order.status === "changes_proposed"
        ? t("ussd.sms.orderChanged", { ...named, total: `N${Number(order.totalNgn).toLocaleString("en-NG")}` })
        : order.status === "declined"
          ? t("ussd.sms.orderDeclined", { ...named, reason: order.declineReason ?? "" })
          : null;
  if (!body) return;
  try {
    await queueSms({
      to: buyer.phone,
      body,
      kind: "order_buyer",
      userId: buyer.id,
      plainLetters: plainLettersFor(buyer.language),
      delayMs: quietHoursDelayMs(now),
    });
  } catch (error) {
    logger.error({ err: error, orderId }, "the buyer's text about the seller's answer could not be queued");
  }
}
