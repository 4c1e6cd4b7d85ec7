import { UnrecoverableError } from "bullmq";
import { getEnv, isDemoMode, type Env } from "~/env.server";
import { Prisma, type SmsKind } from "~/generated/prisma/client";
import { enqueue } from "~/jobs/enqueue.server";
import { logger } from "~/server/logger.server";
import { prisma } from "~/server/db.server";
import { splitSms, toGsm } from "~/lib/gsm";
import { Refusal } from "~/server/refusal";
import { AtError, createAtClient, type AtClient } from "./africastalking-client.server";
import { openText, sealText } from "./sealed-text.server";

// Texts to phones. Each is stored first (SmsMessage: to whom, what kind, the text) and sent by
// the sms queue's worker through Africa's Talking, with retries while it cannot be reached; what
// each cost is kept for the operators. The text is erased once the provider has taken or refused
// it. In demo mode without a provider, a text is kept for the demo SMS inbox and sent to no phone;
// outside demo mode without one, nothing can be sent, and callers are told so (503). A text that
// carries a secret (a code) is never stored readable: it is sealed (sealed-text.server.ts) and
// opened only to send it, or by the demo phone (docs/decisions/0002-sealed-code-texts.md).

/** The kinds of text that carry a secret (verification and sign-in codes): always stored sealed. */
export const SECRET_KINDS: readonly SmsKind[] = ["phone_code"];

export const carriesSecret = (kind: SmsKind) => SECRET_KINDS.includes(kind);

export type SmsProviderName = "africastalking" | "demo";

/** Who sends texts here: Africa's Talking when configured, the demo inbox in demo mode only, else nobody. */
export function smsProviderName(env: Env = getEnv()): SmsProviderName | null {
  if (env.AT_USERNAME && env.AT_API_KEY) return "africastalking";
  return isDemoMode(env) ? "demo" : null;
}

let client: { key: string; client: AtClient } | null = null;

function atClient(): AtClient {
  const { AT_USERNAME: username = "", AT_API_KEY: apiKey = "", AT_BASE_URL: baseUrl } = getEnv();
  const key = `${username}\n${apiKey}\n${baseUrl ?? ""}`;
  if (!client || client.key !== key) client = { key, client: createAtClient({ username, apiKey, baseUrl }) };
  return client.client;
}

/**
 * Stores a text for `to` (E.164) and queues it, to go after `delayMs` (the night's quiet hours);
 * in demo mode without a provider, keeps it for the inbox. The text goes in the GSM alphabet every
 * phone shows (`plainLetters`: without any tone mark, for Hausa, Igbo and Yoruba), and a text
 * longer than one message goes as numbered parts, one message each (app/lib/gsm.ts). Answers the
 * stored messages, in order. 503 SYS_CONFIGURATION_ERROR when nothing can send texts here.
 */
export async function queueSms(input: {
  to: string;
  body: string;
  kind: SmsKind;
  userId: string | null;
  delayMs?: number;
  plainLetters?: boolean;
}) {
  const provider = smsProviderName();
  if (!provider) throw new Refusal("SYS_CONFIGURATION_ERROR", "sms.unavailable");
  const parts = splitSms(toGsm(input.body, { plainLetters: input.plainLetters }));
  const sealed = carriesSecret(input.kind);
  const messages = await prisma.$transaction(
    parts.map((body) =>
      prisma.smsMessage.create({
        data: {
          userId: input.userId,
          to: input.to,
          kind: input.kind,
          body: sealed ? null : body,
          sealedBody: sealed ? sealText(body, input.to) : null,
          provider,
          status: provider === "demo" ? "demo" : "queued",
        },
        select: { id: true, status: true },
      }),
    ),
  );
  if (provider === "africastalking")
    for (const message of messages)
      await enqueue("sms", { messageId: message.id }, { jobId: `sms-${message.id}`, delay: input.delayMs ?? 0 });
  return messages;
}

/**
 * The worker's part: sends one stored text. Taken by the provider: sent, with its id and cost, and
 * the text erased. Refused for good (a number that cannot take texts, a wrong key): failed, erased.
 * Not reachable, or refused for now (no balance, the gateway failing): thrown, so the queue tries
 * again; on the last try it is marked failed and erased.
 */
export async function sendQueuedSms(messageId: string, { lastAttempt }: { lastAttempt: boolean }) {
  const message = await prisma.smsMessage.findUnique({ where: { id: messageId } });
  if (!message || message.status !== "queued" || (!message.body && !message.sealedBody))
    return { sent: false, reason: "not waiting" };
  const attempts = message.attempts + 1;
  const fail = async (error: string, providerStatus: string | null = null) => {
    await prisma.smsMessage.update({
      where: { id: messageId },
      data: { status: "failed", body: null, sealedBody: null, attempts, error: error.slice(0, 1000), providerStatus },
    });
  };
  // Opened here only, at the moment of sending; held in memory for this one call.
  const text = message.sealedBody ? openText(message.sealedBody, message.to) : message.body;
  if (text === null) {
    // Sealed with a secret no longer configured, or spoilt: it can never be sent.
    await fail("the sealed text could not be opened (the session secret changed)");
    return { sent: false, reason: "unreadable" };
  }
  const tryLater = async (error: string, providerStatus: string | null = null) => {
    if (lastAttempt) {
      await fail(`${error} (gave up after ${attempts} tries)`, providerStatus);
      throw new UnrecoverableError(error);
    }
    await prisma.smsMessage.update({
      where: { id: messageId },
      data: { attempts, error: error.slice(0, 1000), providerStatus },
    });
    throw new Error(error);
  };
  let recipient;
  try {
    const from = getEnv().AT_SENDER_ID;
    const answer = await atClient().sendSms({ to: [message.to], message: text, from });
    recipient = answer.recipients.find((each) => each.number === message.to) ?? answer.recipients[0];
  } catch (error) {
    if (error instanceof AtError && error.kind === "unreachable") return tryLater(error.message);
    const reason = error instanceof Error ? error.message : String(error);
    logger.error({ err: error, messageId }, "Africa's Talking refused a text");
    await fail(reason);
    throw new UnrecoverableError(reason);
  }
  if (!recipient) return tryLater("Africa's Talking answered no recipient");
  if (recipient.accepted) {
    await prisma.smsMessage.update({
      where: { id: messageId },
      data: {
        status: "sent",
        body: null,
        sealedBody: null,
        attempts,
        error: null,
        sentAt: new Date(),
        providerStatus: recipient.status,
        providerMessageId: recipient.messageId,
        costCurrency: recipient.cost?.currency ?? null,
        costAmount: recipient.cost ? new Prisma.Decimal(recipient.cost.amount) : null,
      },
    });
    return { sent: true, cost: recipient.cost };
  }
  if (recipient.retryable) return tryLater(`Africa's Talking: ${recipient.status}`, recipient.status);
  await fail(`Africa's Talking: ${recipient.status}`, recipient.status);
  return { sent: false, reason: recipient.status };
}

/** A number as operators see it in the log: enough to tell texts apart, not enough to call. */
export const maskedNumber = (e164: string) =>
  e164.length > 8 ? `${e164.slice(0, 7)}${"•".repeat(e164.length - 11)}${e164.slice(-4)}` : "••••";

/**
 * The operators' log of texts (outside demo mode): the newest, with what each cost, and what was
 * spent in the last 30 days per currency. Numbers masked, texts never shown (they are erased).
 */
export async function smsLog(take = 100, now = new Date()) {
  const since = new Date(now.getTime() - 30 * 24 * 60 * 60_000);
  const [messages, spent, failed] = await Promise.all([
    prisma.smsMessage.findMany({
      where: { provider: { not: "demo" } },
      orderBy: { createdAt: "desc" },
      take,
      select: {
        id: true,
        to: true,
        kind: true,
        status: true,
        providerStatus: true,
        attempts: true,
        error: true,
        costCurrency: true,
        costAmount: true,
        createdAt: true,
        sentAt: true,
      },
    }),
    prisma.smsMessage.groupBy({
      by: ["costCurrency"],
      where: { provider: { not: "demo" }, createdAt: { gte: since }, costCurrency: { not: null } },
      _sum: { costAmount: true },
      _count: true,
    }),
    prisma.smsMessage.count({ where: { provider: { not: "demo" }, createdAt: { gte: since }, status: "failed" } }),
  ]);
  return {
    messages: messages.map((message) => ({
      ...message,
      to: maskedNumber(message.to),
      costAmount: message.costAmount?.toString() ?? null,
      createdAt: message.createdAt.toISOString(),
      sentAt: message.sentAt?.toISOString() ?? null,
    })),
    spent: spent.map((row) => ({
      currency: row.costCurrency ?? "",
      amount: row._sum.costAmount?.toString() ?? "0",
      count: row._count,
    })),
    failed,
  };
}
