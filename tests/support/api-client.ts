// Helpers for the HTTP integration tests of the JSON API: requests with a
// per-request client address, users signed in by minting a session cookie,
// and the search-indexing jobs a write left in the queue.
import { randomBytes } from "node:crypto";
import type { JobType } from "bullmq";
import { getQueue } from "~/jobs/enqueue.server";
import { sessionCookie } from "~/modules/auth/session.server";
import type { Prisma } from "~/generated/prisma/client";
import { applyPendingIndexChanges, recordIndexChange } from "~/modules/search/indexing.server";
import { prisma } from "~/server/db.server";

/** A fresh client address, so per-address rate limits never join two tests. */
export function newIp() {
  return `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
}

export function uniqueName(prefix = "it") {
  return `${prefix}_${randomBytes(5).toString("hex")}`;
}

export interface CallInit {
  cookie?: string;
  ip?: string;
  headers?: Record<string, string>;
  /** A raw body (sent as it is, JSON content type unless headers say otherwise). */
  raw?: string;
  /** A multipart body. */
  form?: FormData;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are inspected field by field
  body: any;
  /** The Set-Cookie header, if any. */
  cookie: string | null;
}

/** `call(method, path, body?, init?)` against the server whose address `baseUrl()` answers. */
export function apiClient(baseUrl: () => string) {
  return async function call(method: string, path: string, body?: unknown, init: CallInit = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { "X-Forwarded-For": init.ip ?? newIp(), ...init.headers };
    if (init.form === undefined && (body !== undefined || init.raw !== undefined))
      headers["Content-Type"] ??= "application/json";
    if (init.cookie) headers.Cookie = init.cookie;
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers,
      body: init.form ?? init.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
      redirect: "manual",
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return {
      status: response.status,
      headers: response.headers,
      body: json,
      cookie: response.headers.get("set-cookie"),
    };
  };
}

// What this file's tests made, so that `removeCreatedData()` can leave the
// shared database as it found it (other files, the seed's among them, read whole tables).
const createdUserIds = new Set<string>();
const createdProductIds = new Set<string>();

/** Records a user made outside `signedInUser` (by the USSD menu, say), to go with the file's data. */
export function trackUser(id: string) {
  createdUserIds.add(id);
}

/** Records a product made outside the API (products made through it carry their admin's id). */
export function trackProduct<T extends { id: string }>(product: T): T {
  createdProductIds.add(product.id);
  return product;
}

/** Deletes every user made by `signedInUser` (with their sessions, listings and uploads) and every tracked product. */
export async function removeCreatedData() {
  const userIds = [...createdUserIds];
  const productIds = [...createdProductIds];
  const products = { OR: [{ id: { in: productIds } }, { createdById: { in: userIds } }] };
  await prisma.listing.deleteMany({ where: { OR: [{ sellerId: { in: userIds } }, { product: products }] } });
  await prisma.product.deleteMany({ where: products });
  await prisma.user.deleteMany({ where: { id: { in: userIds } } });
  createdUserIds.clear();
  createdProductIds.clear();
}

/** Removes the payment events a test file delivered, with their queued jobs. */
export async function removePaymentEvents(ids: Iterable<string>) {
  const list = [...ids];
  await Promise.all(
    list.map((id) =>
      getQueue("payment-webhooks")
        .remove(id)
        .catch(() => 0),
    ),
  );
  await prisma.paymentEvent.deleteMany({ where: { id: { in: list } } });
}

/** A user of the given role with a live session; `cookie` is the Cookie header value. */
export async function signedInUser(role: "USER" | "ADMIN" = "USER", prefix = "api") {
  const user = await prisma.user.create({
    data: {
      username: uniqueName(`${prefix}_${role.toLowerCase()}`),
      passwordHash: "x",
      firstName: "Test",
      lastName: role === "ADMIN" ? "Admin" : "Farmer",
      role,
    },
  });
  createdUserIds.add(user.id);
  const session = await prisma.session.create({
    data: { userId: user.id, expiresAt: new Date(Date.now() + 3600_000) },
  });
  const cookie = (await sessionCookie.serialize(session.id)).split(";")[0]!;
  return { user, cookie };
}

export type SignedIn = Awaited<ReturnType<typeof signedInUser>>;

/** A finished analysis of the user's, as the worker leaves one (the built-in analyzer answered); `result` sets what it found. */
export async function finishedAnalysis(
  userId: string,
  result: { severity?: "low" | "medium" | "high"; diagnosis?: string } = {},
) {
  const analysis = await prisma.analysis.create({
    data: {
      userId,
      analysisType: "crop_health",
      preferredModel: "openai",
      answeredBy: "builtin",
      status: "completed",
      stage: "done",
      progress: 100,
      severity: result.severity ?? "medium",
      confidence: 70,
      diagnosis: result.diagnosis ?? "Cassava mosaic disease",
      treatment: "Remove the plants",
      recommendations: ["Plant clean cuttings"],
      deadlineAt: new Date(Date.now() + 3_600_000),
      completedAt: new Date(),
    },
  });
  return analysis.id;
}

/** Gives a user an active premium subscription (a sandbox one, paid until a month from now), as the payment worker records it. */
export async function subscribe(
  userId: string,
  overrides: { status?: "active" | "past_due" | "canceled" | "incomplete"; currentPeriodEnd?: Date } = {},
) {
  const end = overrides.currentPeriodEnd ?? new Date(Date.now() + 20 * 24 * 3_600_000);
  return prisma.subscription.create({
    data: {
      userId,
      provider: "sandbox",
      status: overrides.status ?? "active",
      externalId: `sub_sandbox_it_${userId}_${end.getTime()}`,
      externalCustomerId: `cus_sandbox_${userId}`,
      amountNgn: "15000.00",
      currentPeriodStart: new Date(end.getTime() - 30 * 24 * 3_600_000),
      currentPeriodEnd: end,
    },
  });
}

/** Ends the user's trial the way time does (registered two days ago) with nothing ever paid. */
export async function endTrial(userId: string) {
  await prisma.user.update({ where: { id: userId }, data: { createdAt: new Date(Date.now() - 48 * 3_600_000) } });
}

const ALL_STATES: JobType[] = ["wait", "prioritized", "delayed", "active", "completed", "failed", "waiting-children"];

/** The actions of the search-indexing jobs queued for one entity, in no particular order. */
export async function indexingActions(entity: "product" | "listing" | "farm", id: string): Promise<string[]> {
  const jobs = await getQueue("search-indexing").getJobs(ALL_STATES);
  const unique = new Map(
    jobs.filter((job) => job?.data?.entity === entity && job.data.id === id).map((job) => [job.id, job]),
  );
  return [...unique.values()].map((job) => job.data.action as string);
}

/**
 * Applies every pending search-index change now, as the worker's sweep would (no worker runs
 * beside the integration tests' web server): what the tests wrote becomes searchable.
 */
export async function indexPendingChanges() {
  await applyPendingIndexChanges();
}

/** Removes the farms matching `where` and their search documents, as the app's own deletes do (an outbox row first). */
export async function removeFarms(where: Prisma.FarmWhereInput) {
  const farms = await prisma.farm.findMany({ where, select: { id: true } });
  await prisma.$transaction(async (tx) => {
    for (const farm of farms) await recordIndexChange(tx, "farm", farm.id);
    await tx.farm.deleteMany({ where: { id: { in: farms.map((farm) => farm.id) } } });
  });
  await indexPendingChanges();
}
