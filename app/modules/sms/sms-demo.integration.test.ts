import { afterAll, describe, expect, it, vi } from "vitest";
import { getQueue } from "~/jobs/enqueue.server";
import { demoInboxFor } from "~/modules/sms/demo.server";
import { prisma } from "~/server/db.server";
import { removeCreatedData, signedInUser } from "../../../tests/support/api-client";
import { uniquePhone } from "../../../tests/support/phones";
import { queueSms } from "./sms.server";

// Demo mode without a provider: a text is kept for the demo SMS inbox and sent to no phone; a
// code's text is kept sealed in its row, and the inbox shows it only to whom the number is theirs
// to read (the demo accounts', their own verified one, or one they are adding that nobody has).

vi.hoisted(() => {
  process.env.DEMO_MODE = "1";
  for (const name of ["AT_USERNAME", "AT_API_KEY", "AT_BASE_URL", "AT_SENDER_ID"]) delete process.env[name];
});

afterAll(() => removeCreatedData());

describe("the demo SMS inbox", () => {
  it("keeps each text for the inbox, a code's sealed in its row, newest first, and queues nothing", async () => {
    const { user } = await signedInUser("USER", "sms_demo");
    const [one, two] = [uniquePhone(), uniquePhone()];
    const first = (await queueSms({ to: one, body: "Code 111111", kind: "phone_code", userId: user.id }))[0]!;
    const second = (await queueSms({ to: two, body: "Code 222222", kind: "phone_code", userId: user.id }))[0]!;
    expect(first.status).toBe("demo");
    const inbox = await demoInboxFor(user.id);
    const ours = inbox.filter((message) => [first.id, second.id].includes(message.id));
    expect(ours).toEqual([
      expect.objectContaining({ id: second.id, to: two, body: "Code 222222", kind: "phone_code" }),
      expect.objectContaining({ id: first.id, to: one, body: "Code 111111" }),
    ]);
    expect(await getQueue("sms").getJob(`sms-${first.id}`)).toBeUndefined();
    const row = await prisma.smsMessage.findUniqueOrThrow({ where: { id: first.id } });
    expect(row).toMatchObject({ provider: "demo", status: "demo", body: null });
    expect(JSON.stringify(row)).not.toContain("111111");
  });

  it("shows nobody, administrators included, a code to a number another account has verified", async () => {
    const [owner, asker, admin] = await Promise.all([
      signedInUser("USER", "sms_demo"),
      signedInUser("USER", "sms_demo"),
      signedInUser("ADMIN", "sms_demo"),
    ]);
    const phone = uniquePhone();
    await prisma.user.update({ where: { id: owner.user.id }, data: { phone, phoneVerifiedAt: new Date() } });
    const aimed = (await queueSms({ to: phone, body: "Code 333333", kind: "phone_code", userId: asker.user.id }))[0]!;
    const order = (
      await queueSms({ to: phone, body: "New order AS-1", kind: "order_request", userId: owner.user.id })
    )[0]!;
    const seen = async (userId: string) => (await demoInboxFor(userId, 500)).map((message) => message.id);
    expect(await seen(asker.user.id)).not.toContain(aimed.id);
    expect(await seen(admin.user.id)).not.toContain(aimed.id);
    expect(await seen(admin.user.id)).not.toContain(order.id);
    // The number's owner reads every text to it.
    expect(await seen(owner.user.id)).toEqual(expect.arrayContaining([aimed.id, order.id]));
  });
});
