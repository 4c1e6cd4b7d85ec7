import { afterAll, describe, expect, it, vi } from "vitest";
import { getQueue } from "~/jobs/enqueue.server";
import { prisma } from "~/server/db.server";
import { removeCreatedData, signedInUser } from "../../../tests/support/api-client";
import { demoInbox, queueSms } from "./sms.server";

// Demo mode without a provider: a text is kept for the demo SMS inbox, whole, and sent to no phone.

vi.hoisted(() => {
  process.env.DEMO_MODE = "1";
  for (const name of ["AT_USERNAME", "AT_API_KEY", "AT_BASE_URL", "AT_SENDER_ID"]) delete process.env[name];
});

afterAll(() => removeCreatedData());

describe("the demo SMS inbox", () => {
  it("keeps each text whole, newest first, and queues nothing", async () => {
    const { user } = await signedInUser("USER", "sms_demo");
    const first = (
      await queueSms({ to: "+2348032220001", body: "Code 111111", kind: "phone_code", userId: user.id })
    )[0]!;
    const second = (
      await queueSms({ to: "+2348032220002", body: "Code 222222", kind: "phone_code", userId: user.id })
    )[0]!;
    expect(first.status).toBe("demo");
    const inbox = await demoInbox();
    const ours = inbox.filter((message) => [first.id, second.id].includes(message.id));
    expect(ours).toEqual([
      expect.objectContaining({ id: second.id, to: "+2348032220002", body: "Code 222222", kind: "phone_code" }),
      expect.objectContaining({ id: first.id, to: "+2348032220001", body: "Code 111111" }),
    ]);
    expect(await getQueue("sms").getJob(`sms-${first.id}`)).toBeUndefined();
    expect(await prisma.smsMessage.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      provider: "demo",
      status: "demo",
    });
  });

  it("shows a reader the texts sent for their own account; an administrator's view has everyone's", async () => {
    const [mine, theirs] = await Promise.all([signedInUser("USER", "sms_demo"), signedInUser("USER", "sms_demo")]);
    const own = (
      await queueSms({ to: "+2348032220003", body: "Code 333333", kind: "phone_code", userId: mine.user.id })
    )[0]!;
    const other = (
      await queueSms({
        to: "+2348032220004",
        body: "Code 444444",
        kind: "phone_code",
        userId: theirs.user.id,
      })
    )[0]!;
    const seen = (await demoInbox({ forUserId: mine.user.id })).map((message) => message.id);
    expect(seen).toContain(own.id);
    expect(seen).not.toContain(other.id);
    const all = (await demoInbox({ take: 500 })).map((message) => message.id);
    expect(all).toEqual(expect.arrayContaining([own.id, other.id]));
  });
});
