import { UnrecoverableError } from "bullmq";
import { describe, expect, it, vi } from "vitest";
import { prisma } from "~/server/db.server";
import { signedInUser } from "../../../tests/support/api-client";
import { smsTestBed } from "../../../tests/support/sms-test-bed";
import { demoTextsTo } from "~/modules/sms/demo.server";
import { queueSms, sendQueuedSms, smsProviderName } from "./sms.server";

// Texts through the real sms queue and worker (its own retry policy), against a local server
// speaking Africa's Talking's SMS API: sent with its cost kept and the text erased; kept and sent
// once the service is back; refused for good; given up after the last try. A code's text is never
// readable in its row: sealed while it waits, erased once sent or failed, whole on the phone.

const { atPort } = vi.hoisted(() => {
  const port = 44000 + (process.pid % 1000);
  process.env.AT_USERNAME = "asiiko-test";
  process.env.AT_API_KEY = "atsk_local_test_key";
  process.env.AT_SENDER_ID = "ASIIKO";
  process.env.AT_BASE_URL = `http://127.0.0.1:${port}`;
  return { atPort: port };
});

const africasTalking = smsTestBed({ username: "asiiko-test", apiKey: "atsk_local_test_key", port: atPort });

/** Waits until the worker is done with the text (sent or failed), as the reader of a phone waits. */
async function settled(id: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await prisma.smsMessage.findUniqueOrThrow({ where: { id } });
    if (row.status !== "queued" || Date.now() > deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function text(to: string, body = "Your Asiiko code is 482913. It expires in 10 minutes.") {
  const { user } = await signedInUser("USER", "sms");
  return { user, message: (await queueSms({ to, body, kind: "phone_code", userId: user.id }))[0]! };
}

describe("texts through Africa's Talking", () => {
  it("is the provider when configured", () => {
    expect(smsProviderName()).toBe("africastalking");
  });

  it("sends a text from the sender id, keeps what it cost and erases the text", async () => {
    const { message } = await text("+2348031110001");
    expect(message.status).toBe("queued");
    const row = await settled(message.id);
    expect(row).toMatchObject({
      status: "sent",
      body: null,
      sealedBody: null,
      attempts: 1,
      provider: "africastalking",
      providerStatus: "Success",
      providerMessageId: expect.stringMatching(/^ATXid_/),
      costCurrency: "NGN",
      error: null,
    });
    expect(row.costAmount?.toString()).toBe("4");
    expect(row.sentAt).not.toBeNull();
    expect(africasTalking().messagesTo("+2348031110001")).toEqual([
      expect.objectContaining({ message: "Your Asiiko code is 482913. It expires in 10 minutes.", from: "ASIIKO" }),
    ]);
  });

  it("sends a text in the GSM alphabet, a long one as numbered parts in order", async () => {
    const { user } = await signedInUser("USER", "sms_long");
    const body = `Iye owó àgbàdo ní Ìbàdàn: ₦45,000 – ${"ọjà tuntun ".repeat(20)}`.trim();
    const messages = await queueSms({
      to: "+2348031110009",
      body,
      kind: "price_alert",
      userId: user.id,
      plainLetters: true,
    });
    expect(messages).toHaveLength(2);
    for (const message of messages) expect((await settled(message.id)).status).toBe("sent");
    const received = africasTalking()
      .messagesTo("+2348031110009")
      .map((sent) => sent.message)
      .sort();
    expect(received).toHaveLength(2);
    expect(received[0]).toMatch(/^1\/2 Iye owo agbado ni Ibadan: N45,000 - oja tuntun/);
    expect(received[1]).toMatch(/^2\/2 /);
    for (const part of received) expect(part.length).toBeLessThanOrEqual(160);
  });

  it("keeps a text while the service cannot be reached, and sends it once it is back", async () => {
    africasTalking().setUnreachable(true);
    const { message } = await text("+2348031110002");
    // Tried and kept, the text still there for the next try.
    for (;;) {
      const row = await prisma.smsMessage.findUniqueOrThrow({ where: { id: message.id } });
      if (row.attempts >= 1) {
        // Kept sealed for the next try: no readable code in the row.
        expect(row).toMatchObject({ status: "queued", body: null, sealedBody: expect.stringMatching(/^v1\./) });
        expect(JSON.stringify(row)).not.toContain("482913");
        expect(row.error).toContain("could not connect");
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    africasTalking().setUnreachable(false);
    const row = await settled(message.id);
    expect(row).toMatchObject({ status: "sent", body: null, sealedBody: null });
    expect(row.attempts).toBeGreaterThanOrEqual(2);
    // The phone gets the text whole, code and all.
    expect(africasTalking().messagesTo("+2348031110002")).toEqual([
      expect.objectContaining({ message: "Your Asiiko code is 482913. It expires in 10 minutes." }),
    ]);
  });

  it("a number that refuses texts (Do Not Disturb) fails at once, its text erased", async () => {
    africasTalking().setNumberStatus("+2348031110003", 409);
    const { message } = await text("+2348031110003");
    const row = await settled(message.id);
    expect(row).toMatchObject({
      status: "failed",
      body: null,
      sealedBody: null,
      attempts: 1,
      providerStatus: "DoNotDisturbRejection",
    });
    expect(JSON.stringify(row)).not.toContain("482913");
    expect(row.error).toContain("DoNotDisturbRejection");
  });

  it("no balance is tried again, and given up (failed, erased) after the last try", async () => {
    africasTalking().setNumberStatus("+2348031110004", 405);
    const { user } = await signedInUser("USER", "sms_balance");
    // Stored as queueSms stores it, and tried here as the worker tries it (its retries take minutes).
    const message = await prisma.smsMessage.create({
      data: {
        userId: user.id,
        to: "+2348031110004",
        kind: "phone_code",
        body: "code 551100",
        provider: "africastalking",
      },
    });
    await expect(sendQueuedSms(message.id, { lastAttempt: false })).rejects.toThrow("InsufficientBalance");
    expect(await prisma.smsMessage.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({
      status: "queued",
      body: "code 551100",
      attempts: 1,
      providerStatus: "InsufficientBalance",
    });
    const lastTry = await sendQueuedSms(message.id, { lastAttempt: true }).catch((error: unknown) => error);
    expect(lastTry).toBeInstanceOf(UnrecoverableError);
    const row = await prisma.smsMessage.findUniqueOrThrow({ where: { id: message.id } });
    expect(row).toMatchObject({ status: "failed", body: null, attempts: 2, providerStatus: "InsufficientBalance" });
    expect(row.error).toContain("gave up after 2 tries");
    // Done with: another try sends nothing.
    expect(await sendQueuedSms(message.id, { lastAttempt: false })).toEqual({ sent: false, reason: "not waiting" });
    expect(africasTalking().requests.filter((request) => request.form.to === "+2348031110004")).toHaveLength(2);
  });

  it("a code's text given up after the last try keeps no code in its row", async () => {
    africasTalking().setNumberStatus("+2348031110008", 405);
    const { message } = await text("+2348031110008", "Your Asiiko code is 604512. It expires in 10 minutes.");
    // The worker's first try is refused for now; the last one (tried here: the queue's waits take minutes) gives up.
    for (;;) {
      const row = await prisma.smsMessage.findUniqueOrThrow({ where: { id: message.id } });
      if (row.attempts >= 1) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await sendQueuedSms(message.id, { lastAttempt: true }).catch(() => undefined);
    const row = await prisma.smsMessage.findUniqueOrThrow({ where: { id: message.id } });
    expect(row).toMatchObject({ status: "failed", body: null, sealedBody: null });
    expect(JSON.stringify(row)).not.toContain("604512");
  });

  it("a service failing for a moment (5xx) is tried again", async () => {
    africasTalking().fail(502, 1);
    const { message } = await text("+2348031110005");
    const row = await settled(message.id);
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("keeps nothing for the demo inbox: texts sent through a provider are not in it", async () => {
    const { message } = await text("+2348031110006", "not for the inbox 771");
    await settled(message.id);
    expect((await demoTextsTo("+2348031110006")).map((each) => each.id)).not.toContain(message.id);
  });

  it("a text goes with its account when the account is deleted (it holds the phone number)", async () => {
    const { user, message } = await text("+2348031110007");
    await settled(message.id);
    await prisma.user.delete({ where: { id: user.id } });
    expect(await prisma.smsMessage.count({ where: { id: message.id } })).toBe(0);
  });
});
