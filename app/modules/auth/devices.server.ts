import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { sessionSecrets } from "~/env.server";
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/server/db.server";
import { DEVICES } from "./constants";
import { cookieSecurityFor } from "./cookie-security.server";
import { describeUserAgent } from "./user-agent";

// The browsers of an account. A browser that signs in gets a long-lived signed cookie naming a
// random device id, and the account remembers it (as a SHA-256 of the id, in Device): its later
// sign-in attempts are counted apart from everyone else's (auth.server.ts), so a stranger
// guessing elsewhere never locks the owner out of their own phone. The account's sessions are
// its signed-in devices: listed with a public id (never the session id, which is what the
// session cookie carries), each one can be signed out from another.
//
// These replace the addresses an account had signed in from: many phones share one carrier
// address, so a known address let a guesser on the same network share the owner's allowance
// (and lock it), while the device cookie is the owner's browser alone; an owner on a new phone
// now waits seconds, not a quarter hour, so an address adds nothing to remember.

const deviceCookie = createCookie(DEVICES.cookieName, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secrets: sessionSecrets(),
  maxAge: DEVICES.cookieDays * 24 * 3600,
});

/** 16 random bytes, base64url. */
const DEVICE_ID = /^[\w-]{22}$/;

/** The device id of the request's cookie, or null. Never throws: an unsigned or malformed cookie reads as none. */
export async function readDeviceId(request: Request): Promise<string | null> {
  try {
    const value: unknown = await deviceCookie.parse(request.headers.get("Cookie"));
    return typeof value === "string" && DEVICE_ID.test(value) ? value : null;
  } catch {
    return null;
  }
}

export const newDeviceId = () => randomBytes(16).toString("base64url");

/** The Set-Cookie value that gives this browser its device id (again, for another year). */
export function deviceCookieHeader(request: Request, deviceId: string) {
  return deviceCookie.serialize(deviceId, cookieSecurityFor(request));
}

/** What the database keeps of a device id: the row alone cannot make a cookie. */
export const deviceKey = (deviceId: string) => createHash("sha256").update(deviceId).digest("base64url");

const knownSince = () => new Date(Date.now() - DEVICES.knownDays * 24 * 3600 * 1000);

/** Whether this browser has signed in to the account (its stored username) in the last 90 days. */
export async function isKnownDevice(username: string, deviceId: string): Promise<boolean> {
  const device = await prisma.device.findFirst({
    where: { keyHash: deviceKey(deviceId), user: { username }, lastSignInAt: { gt: knownSince() } },
    select: { id: true },
  });
  return device !== null;
}

/**
 * Remembers that this browser signed in to the account now; the account keeps its 20 most
 * recent. Answers the Device row's id, for the session.
 */
export async function rememberDevice(userId: string, deviceId: string): Promise<string> {
  const keyHash = deviceKey(deviceId);
  const device = await prisma.device.upsert({
    where: { userId_keyHash: { userId, keyHash } },
    create: { userId, keyHash },
    update: { lastSignInAt: new Date() },
    select: { id: true },
  });
  const beyond = await prisma.device.findMany({
    where: { userId },
    orderBy: [{ lastSignInAt: "desc" }, { id: "asc" }],
    skip: DEVICES.perAccount,
    select: { id: true },
  });
  if (beyond.length > 0) await prisma.device.deleteMany({ where: { id: { in: beyond.map(({ id }) => id) } } });
  return device.id;
}

/** Forgets browsers that have not signed in for 90 days (the maintenance queue runs it every hour). */
export async function deleteStaleDevices() {
  const { count } = await prisma.device.deleteMany({ where: { lastSignInAt: { lt: knownSince() } } });
  return count;
}

/** One signed-in device as the list and the API show it. */
export interface SignedInDevice {
  /** The session's public id: what DELETE /api/user/sessions/{id} takes. */
  id: string;
  browser: string | null;
  platform: string | null;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** The most sessions the list shows (the most recently seen; this one always). */
const LISTED = 50;

/** The user's live sessions, this one first, then the most recently seen. */
export async function listSignedInDevices(userId: string, currentSessionId: string | null): Promise<SignedInDevice[]> {
  const sessions = await prisma.session.findMany({
    where: { userId, expiresAt: { gt: new Date() } },
    orderBy: [{ lastSeenAt: "desc" }, { createdAt: "desc" }],
    take: LISTED,
    select: { id: true, publicId: true, userAgent: true, createdAt: true, lastSeenAt: true },
  });
  const current = currentSessionId
    ? (sessions.find(({ id }) => id === currentSessionId) ??
      (await prisma.session.findFirst({
        where: { id: currentSessionId, userId },
        select: { id: true, publicId: true, userAgent: true, createdAt: true, lastSeenAt: true },
      })))
    : null;
  const ordered = current ? [current, ...sessions.filter(({ id }) => id !== current.id)] : sessions;
  return ordered.slice(0, LISTED).map((session) => ({
    id: session.publicId,
    ...describeUserAgent(session.userAgent),
    signedInAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    current: session.id === currentSessionId,
  }));
}

const PUBLIC_ID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/**
 * Signs one of the user's devices out: ends the session the public id names and forgets its
 * browser, which must then sign in as a new one (a lost phone gets no allowance of its own).
 * Answers the ended session's id, or null when the user has no such session (someone else's,
 * or none: the caller answers both alike).
 */
export async function signOutDevice(userId: string, publicId: string): Promise<string | null> {
  if (!PUBLIC_ID.test(publicId)) return null;
  const session = await prisma.session.findFirst({
    where: { publicId: publicId.toLowerCase(), userId },
    select: { id: true, deviceId: true },
  });
  if (!session) return null;
  const devices = session.deviceId ? [session.deviceId] : [];
  await prisma.$transaction([
    prisma.session.deleteMany({ where: { userId, OR: [{ id: session.id }, { deviceId: { in: devices } }] } }),
    prisma.device.deleteMany({ where: { userId, id: { in: devices } } }),
  ]);
  return session.id;
}

type Db = Prisma.TransactionClient | typeof prisma;

/**
 * Ends every session of the user but `keepSessionId` (none: all of them), and forgets every
 * browser but the one that session is on: 'Sign out everywhere else', 'Sign out everywhere',
 * and a password change.
 */
export async function endOtherSessions(userId: string, keepSessionId: string | null, db: Db = prisma) {
  const kept = keepSessionId
    ? await db.session.findFirst({ where: { id: keepSessionId, userId }, select: { id: true, deviceId: true } })
    : null;
  const { count } = await db.session.deleteMany({ where: { userId, ...(kept ? { id: { not: kept.id } } : {}) } });
  await db.device.deleteMany({ where: { userId, ...(kept?.deviceId ? { id: { not: kept.deviceId } } : {}) } });
  return count;
}
