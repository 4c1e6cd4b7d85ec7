import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/db.server";
import { deleteOldRecords, paymentRecordsBefore } from "./retention.server";

// The Privacy Policy's keeping periods, applied by the daily maintenance task: error reports go
// after 90 days, payment records six years after the payment; nothing younger, and no running
// subscription, is touched.

const DAY = 24 * 3600_000;
const now = new Date("2026-11-27T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
const tag = randomUUID().slice(0, 8);
const userId = `ret_user_${tag}`;

afterAll(async () => {
  await prisma.frontendError.deleteMany({ where: { errorId: { startsWith: `ret_${tag}` } } });
  await prisma.paymentEvent.deleteMany({ where: { id: { startsWith: `ret_${tag}` } } });
  await prisma.payment.deleteMany({ where: { externalId: { startsWith: `ret_${tag}` } } });
  await prisma.paymentCheckout.deleteMany({ where: { reference: { startsWith: `ret_${tag}` } } });
  await prisma.subscription.deleteMany({ where: { externalId: { startsWith: `ret_${tag}` } } });
  await prisma.user.deleteMany({ where: { id: userId } });
});

describe("records past the Privacy Policy's keeping periods", () => {
  it("goes six calendar years back for payments", () => {
    expect(paymentRecordsBefore(now).toISOString()).toBe("2020-11-27T12:00:00.000Z");
  });

  it("are deleted, and nothing younger or still running is", async () => {
    await prisma.user.create({
      data: { id: userId, username: userId, passwordHash: "x", firstName: "Ada", lastName: "Obi" },
    });
    const report = (suffix: string, receivedAt: Date) => ({
      errorId: `ret_${tag}_${suffix}`,
      boundary: "App",
      level: "app",
      message: "boom",
      occurredAt: receivedAt,
      receivedAt,
    });
    await prisma.frontendError.createMany({
      data: [report("old", daysAgo(91)), report("young", daysAgo(89))],
    });
    const event = (suffix: string, receivedAt: Date) => ({
      id: `ret_${tag}_${suffix}`,
      type: "invoice.paid",
      provider: "stripe" as const,
      payload: {},
      receivedAt,
    });
    await prisma.paymentEvent.createMany({
      data: [event("old", daysAgo(6 * 366)), event("young", daysAgo(5 * 365))],
    });
    const subscription = (suffix: string, status: "active" | "canceled", periodEnd: Date, owner: string | null) => ({
      userId: owner,
      provider: "stripe" as const,
      status,
      externalId: `ret_${tag}_${suffix}`,
      amountNgn: 15000,
      currentPeriodStart: new Date(periodEnd.getTime() - 30 * DAY),
      currentPeriodEnd: periodEnd,
    });
    await prisma.subscription.createMany({
      data: [
        // Detached by an account's deletion, paid more than six years ago: goes.
        subscription("old-detached", "canceled", daysAgo(6 * 366), null),
        // Five years ago: kept, detached or not.
        subscription("young-detached", "canceled", daysAgo(5 * 365), null),
        subscription("young-owned", "canceled", daysAgo(5 * 365), userId),
        // Running (however its dates read): never touched.
        subscription("running", "active", daysAgo(6 * 366), userId),
      ],
    });

    // Payments received and payments started: six years after, they go too.
    const payment = (suffix: string, paidAt: Date) => ({
      userId,
      provider: "paystack" as const,
      externalId: `ret_${tag}_${suffix}`,
      reference: `ret_${tag}_${suffix}`,
      amountKobo: 1_500_000,
      method: "transfer" as const,
      channel: "ussd",
      paidAt,
      periodStart: paidAt,
      periodEnd: new Date(paidAt.getTime() + 30 * DAY),
    });
    await prisma.payment.createMany({ data: [payment("old", daysAgo(6 * 366)), payment("young", daysAgo(5 * 365))] });
    const started = (suffix: string, createdAt: Date) => ({
      reference: `ret_${tag}_${suffix}`,
      userId,
      provider: "paystack" as const,
      method: "transfer" as const,
      amountKobo: 1_500_000,
      returnPath: "/settings",
      createdAt,
    });
    await prisma.paymentCheckout.createMany({
      data: [started("old", daysAgo(6 * 366)), started("young", daysAgo(5 * 365))],
    });

    // Texts sent, and the phone codes behind them: 90 days.
    const text = (createdAt: Date) => ({
      userId,
      to: "+2348031234567",
      kind: "phone_code" as const,
      status: "sent" as const,
      provider: "africastalking",
      createdAt,
    });
    const [oldText, youngText] = await Promise.all([
      prisma.smsMessage.create({ data: text(daysAgo(91)) }),
      prisma.smsMessage.create({ data: text(daysAgo(89)) }),
    ]);
    const code = (createdAt: Date) => ({
      userId,
      phone: "+2348031234567",
      codeHash: "-",
      expiresAt: createdAt,
      createdAt,
    });
    const [oldCode, youngCode] = await Promise.all([
      prisma.phoneCode.create({ data: code(daysAgo(91)) }),
      prisma.phoneCode.create({ data: code(daysAgo(89)) }),
    ]);

    // A number that called the USSD menu: its language is forgotten a year after its last call.
    const callers = ["+2348039990001", "+2348039990002"];
    await prisma.phoneCaller.deleteMany({ where: { phone: { in: callers } } });
    await prisma.phoneCaller.createMany({
      data: [
        { phone: callers[0]!, language: "ha", updatedAt: daysAgo(366) },
        { phone: callers[1]!, language: "yo", updatedAt: daysAgo(364) },
      ],
    });

    const removed = await deleteOldRecords(now);
    expect(removed.phoneCallers).toBeGreaterThanOrEqual(1);
    expect((await prisma.phoneCaller.findMany({ where: { phone: { in: callers } } })).map((row) => row.phone)).toEqual([
      callers[1],
    ]);
    await prisma.phoneCaller.deleteMany({ where: { phone: { in: callers } } });
    expect(removed.texts).toBeGreaterThanOrEqual(1);
    expect(removed.phoneCodes).toBeGreaterThanOrEqual(1);
    expect(await prisma.smsMessage.findMany({ where: { id: { in: [oldText.id, youngText.id] } } })).toEqual([
      expect.objectContaining({ id: youngText.id }),
    ]);
    expect(await prisma.phoneCode.findMany({ where: { id: { in: [oldCode.id, youngCode.id] } } })).toEqual([
      expect.objectContaining({ id: youngCode.id }),
    ]);
    expect(removed.errorReports).toBeGreaterThanOrEqual(1);
    expect(removed.paymentEvents).toBeGreaterThanOrEqual(1);
    expect(removed.subscriptions).toBeGreaterThanOrEqual(1);

    const reports = await prisma.frontendError.findMany({ where: { errorId: { startsWith: `ret_${tag}` } } });
    expect(reports.map((row) => row.errorId)).toEqual([`ret_${tag}_young`]);
    const events = await prisma.paymentEvent.findMany({ where: { id: { startsWith: `ret_${tag}` } } });
    expect(events.map((row) => row.id)).toEqual([`ret_${tag}_young`]);
    const kept = await prisma.subscription.findMany({
      where: { externalId: { startsWith: `ret_${tag}` } },
      orderBy: { externalId: "asc" },
    });
    expect(kept.map((row) => row.externalId)).toEqual([
      `ret_${tag}_running`,
      `ret_${tag}_young-detached`,
      `ret_${tag}_young-owned`,
    ]);
    const payments = await prisma.payment.findMany({ where: { externalId: { startsWith: `ret_${tag}` } } });
    expect(payments.map((row) => row.externalId)).toEqual([`ret_${tag}_young`]);
    const checkouts = await prisma.paymentCheckout.findMany({ where: { reference: { startsWith: `ret_${tag}` } } });
    expect(checkouts.map((row) => row.reference)).toEqual([`ret_${tag}_young`]);
    // A second run finds nothing more of these.
    await deleteOldRecords(now);
    expect(await prisma.subscription.count({ where: { externalId: { startsWith: `ret_${tag}` } } })).toBe(3);
  });
});
