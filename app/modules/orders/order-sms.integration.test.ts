import { describe, expect, it, vi } from "vitest";
import { getQueue } from "~/jobs/enqueue.server";
import { createOrder } from "~/modules/orders/requesting.server";
import { quietHoursDelayMs } from "~/modules/orders/quiet-hours";
import { prisma } from "~/server/db.server";
import { signedInUser } from "../../../tests/support/api-client";
import { createListing, createProduct } from "../../../tests/support/market";
import { uniquePhone } from "../../../tests/support/phones";
import { smsTestBed } from "../../../tests/support/sms-test-bed";

// The seller's text about a new order request, through the real `sms` queue to a local server that
// speaks Africa's Talking: in their language, one per order, only to a verified phone, and at
// night held until 07:00 Lagos time. The order is made by the module with a chosen clock, so the
// test does not depend on the hour it runs at.

const { atPort } = vi.hoisted(() => {
  const port = 46000 + (process.pid % 1000);
  process.env.AT_USERNAME = "asiiko-order-test";
  process.env.AT_API_KEY = "atsk_local_order_key";
  process.env.AT_BASE_URL = `http://127.0.0.1:${port}`;
  return { atPort: port };
});

const africasTalking = smsTestBed({ username: "asiiko-order-test", apiKey: "atsk_local_order_key", port: atPort });

/** A seller (their phone verified or not, and their language), a buyer with one item of theirs in the cart. */
async function trade({ verified = true, language = "en" } = {}) {
  const seller = await signedInUser("USER", "osms_seller");
  const phone = uniquePhone();
  await prisma.user.update({
    where: { id: seller.user.id },
    data: { phone, phoneVerifiedAt: verified ? new Date() : null, language },
  });
  const product = await createProduct({ name: "Guinea corn" });
  const listing = await createListing(seller.user.id, { productId: product.id, quantity: 20 });
  const buyer = await signedInUser("USER", "osms_buyer");
  await prisma.user.update({ where: { id: buyer.user.id }, data: { firstName: "Amina", lastName: "Bello" } });
  await prisma.cartItem.create({ data: { userId: buyer.user.id, listingId: listing.id, quantity: 2 } });
  return { seller, buyer, phone };
}

/** The texts Africa's Talking took for `phone`, once there are `count` of them. */
async function textsTo(phone: string, count: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const texts = africasTalking().messagesTo(phone);
    if (texts.length >= count) return texts;
    if (Date.now() > deadline) throw new Error(`${texts.length} of ${count} texts reached ${phone}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const NOON_IN_LAGOS = new Date("2026-11-28T11:00:00Z");
const NIGHT_IN_LAGOS = new Date("2026-11-28T22:30:00Z");

describe("the seller's text about a new order request", () => {
  it("is sent by day to the verified phone, in the seller's language, once", async () => {
    const { seller, buyer, phone } = await trade({ language: "ha" });
    const order = await createOrder(buyer.user.id, { sellerId: seller.user.id, fulfilment: "pickup" }, NOON_IN_LAGOS);
    const [text] = await textsTo(phone, 1);
    expect(text!.message).toContain(order.reference);
    expect(text!.message).toContain("Amina B.");
    expect(text!.message).not.toContain("new order request");
    // The worker records the provider's answer just after the provider has the text.
    const stored = () => prisma.smsMessage.findMany({ where: { userId: seller.user.id, kind: "order_request" } });
    await expect.poll(async () => (await stored()).map((row) => row.status), { timeout: 30_000 }).toEqual(["sent"]);
    expect((await stored())[0]).toMatchObject({ to: phone, status: "sent", body: null });
  });

  it("waits until 07:00 Lagos time when the request comes at night", async () => {
    const { seller, buyer } = await trade();
    await createOrder(buyer.user.id, { sellerId: seller.user.id, fulfilment: "pickup" }, NIGHT_IN_LAGOS);
    const [stored] = await prisma.smsMessage.findMany({ where: { userId: seller.user.id, kind: "order_request" } });
    expect(stored).toMatchObject({ status: "queued" });
    const job = await getQueue("sms").getJob(`sms-${stored!.id}`);
    expect(job?.opts.delay).toBe(quietHoursDelayMs(NIGHT_IN_LAGOS));
    expect(job?.opts.delay).toBe(7.5 * 60 * 60 * 1000);
    expect(await job?.isDelayed()).toBe(true);
    await job?.remove();
  });

  it("is not sent to a phone the seller has not verified", async () => {
    const { seller, buyer, phone } = await trade({ verified: false });
    const order = await createOrder(buyer.user.id, { sellerId: seller.user.id, fulfilment: "pickup" }, NOON_IN_LAGOS);
    expect(order.status).toBe("requested");
    expect(await prisma.smsMessage.count({ where: { userId: seller.user.id } })).toBe(0);
    expect(africasTalking().messagesTo(phone)).toEqual([]);
    // The seller is still told, on Asiiko.
    expect(await prisma.notification.count({ where: { userId: seller.user.id, kind: "order_requested" } })).toBe(1);
  });
});
