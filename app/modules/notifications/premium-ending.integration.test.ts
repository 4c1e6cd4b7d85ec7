import { describe, expect, it } from "vitest";
import { prisma } from "~/server/db.server";
import { signedInUser, subscribe } from "../../../tests/support/api-client";
import { notifyPremiumEnding } from "./premium-ending.server";

// "Your premium access ends on ...", told once to whoever is about to lose premium with nothing
// renewing it: a month by transfer or a card set to stop in its last three days, an unused trial
// in its last hours; not a card that renews, not a month followed by another.

const DAY = 24 * 60 * 60 * 1000;

async function month(userId: string, data: { method: "card" | "transfer"; endsInDays: number; cancel?: boolean }) {
  const end = new Date(Date.now() + data.endsInDays * DAY);
  await prisma.subscription.create({
    data: {
      userId,
      provider: "paystack",
      method: data.method,
      status: "active",
      externalId: `sub_${Math.random().toString(36).slice(2)}`,
      amountNgn: 15000,
      currentPeriodStart: new Date(end.getTime() - 30 * DAY),
      currentPeriodEnd: end,
      cancelAtPeriodEnd: data.cancel ?? false,
    },
  });
  return end;
}

const told = (userId: string) =>
  prisma.notification.findMany({ where: { userId, kind: "premium_ending" }, select: { data: true } });

describe("premium about to end", () => {
  it("tells the holder of a month by transfer or a stopping card, once; not a renewing card or a renewed month", async () => {
    const transfer = await signedInUser("USER", "pe_transfer");
    const transferEnd = await month(transfer.user.id, { method: "transfer", endsInDays: 2 });
    const stopping = await signedInUser("USER", "pe_stopping");
    await month(stopping.user.id, { method: "card", endsInDays: 1, cancel: true });
    const renewing = await signedInUser("USER", "pe_renewing");
    await month(renewing.user.id, { method: "card", endsInDays: 1 });
    const renewed = await signedInUser("USER", "pe_renewed");
    await month(renewed.user.id, { method: "transfer", endsInDays: 1 });
    await month(renewed.user.id, { method: "transfer", endsInDays: 31 });
    const early = await signedInUser("USER", "pe_early");
    await month(early.user.id, { method: "transfer", endsInDays: 10 });

    await notifyPremiumEnding();
    expect(await told(transfer.user.id)).toEqual([{ data: { endsAt: transferEnd.toISOString() } }]);
    expect(await told(stopping.user.id)).toHaveLength(1);
    for (const quiet of [renewing, renewed, early]) expect(await told(quiet.user.id)).toEqual([]);
    // The next hour's run tells nobody again.
    await notifyPremiumEnding();
    expect(await told(transfer.user.id)).toHaveLength(1);
    expect(await told(stopping.user.id)).toHaveLength(1);
  });

  it("tells a new account whose trial is unused in its last hours; not a used trial or a subscriber", async () => {
    const hours = (value: number) => new Date(Date.now() - value * 60 * 60 * 1000);
    const ending = await signedInUser("USER", "pe_trial");
    await prisma.user.update({ where: { id: ending.user.id }, data: { createdAt: hours(20) } });
    const used = await signedInUser("USER", "pe_used");
    await prisma.user.update({
      where: { id: used.user.id },
      data: { createdAt: hours(20), firstPremiumUseAt: hours(19) },
    });
    const paying = await signedInUser("USER", "pe_paying");
    await prisma.user.update({ where: { id: paying.user.id }, data: { createdAt: hours(20) } });
    await subscribe(paying.user.id);
    const fresh = await signedInUser("USER", "pe_fresh");

    await notifyPremiumEnding();
    const [notice] = await told(ending.user.id);
    expect(notice?.data).toMatchObject({ trial: 1 });
    expect(Date.parse(String((notice!.data as { endsAt: string }).endsAt))).toBeGreaterThan(Date.now());
    for (const quiet of [used, paying, fresh]) expect(await told(quiet.user.id)).toEqual([]);
  });
});
