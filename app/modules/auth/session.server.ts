import { sessionSecrets } from "~/env.server";
import { recordId } from "~/lib/text";
import { prisma } from "~/server/db.server";
import { createSessionCookie, SESSION_DAYS } from "~/server/session-cookie";
import { SESSION_SEEN_EVERY_SECONDS } from "./constants";
import { cookieSecurityFor, secureEverywhere } from "./cookie-security.server";
import { publicUser } from "./users.server";

// Sessions live in the database; the cookie carries only the signed session
// id. Signing in always makes a new session (and a new id), signing out
// deletes it, so a stolen or old cookie stops working.

export const sessionCookie = createSessionCookie(sessionSecrets(), { secure: secureEverywhere });

const userSelect = {
  id: true,
  username: true,
  email: true,
  firstName: true,
  lastName: true,
  role: true,
  occupation: true,
  language: true,
  createdAt: true,
  firstPremiumUseAt: true,
} as const;

export type SessionUser = NonNullable<Awaited<ReturnType<typeof loadSession>>>["user"];

async function loadSession(sessionId: string) {
  const session = await prisma.session.findUnique({
    where: { id: sessionId },
    select: { id: true, expiresAt: true, lastSeenAt: true, user: { select: { ...userSelect, suspendedAt: true } } },
  });
  if (!session) return null;
  // A suspension ends the seller's sessions as it is made; a session that slipped past it (made in
  // the same instant) still lets no one in.
  if (session.user.suspendedAt) return null;
  const now = Date.now();
  if (session.expiresAt.getTime() <= now) {
    await prisma.session.deleteMany({ where: { id: sessionId } });
    return null;
  }
  // 'Last seen' in the list of signed-in devices, written once every few minutes at most.
  const seenBefore = new Date(now - SESSION_SEEN_EVERY_SECONDS * 1000);
  if (session.lastSeenAt < seenBefore) {
    await prisma.session.updateMany({
      where: { id: sessionId, lastSeenAt: { lt: seenBefore } },
      data: { lastSeenAt: new Date(now) },
    });
  }
  return session;
}

const sessionIdSchema = recordId();

/**
 * The session id of the request's cookie, or null. Never throws: a cookie
 * that is malformed, unsigned or not an id reads as no session, and only a
 * well-formed id reaches the database.
 */
export async function readSessionId(request: Request): Promise<string | null> {
  let value: unknown;
  try {
    value = await sessionCookie.parse(request.headers.get("Cookie"));
  } catch {
    return null;
  }
  const parsed = sessionIdSchema.safeParse(value);
  return parsed.success && parsed.data.length <= 64 ? parsed.data : null;
}

// Several loaders of one request ask for the user; look it up once.
const perRequest = new WeakMap<Request, Promise<SessionUser | null>>();

export function getSessionUser(request: Request): Promise<SessionUser | null> {
  let pending = perRequest.get(request);
  if (!pending) {
    pending = readSessionId(request).then(async (id) => (id ? ((await loadSession(id))?.user ?? null) : null));
    perRequest.set(request, pending);
  }
  return pending;
}

/**
 * Starts a new session for the user, on the browser the account knows as `deviceId` (a Device
 * row) when there is one; answers the Set-Cookie value. Any session in the request's cookie ends.
 */
export async function createUserSession(request: Request, userId: string, deviceId: string | null = null) {
  const previous = await readSessionId(request);
  if (previous) await prisma.session.deleteMany({ where: { id: previous } });
  const session = await prisma.session.create({
    data: {
      userId,
      deviceId,
      expiresAt: new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000),
      userAgent: request.headers.get("User-Agent")?.slice(0, 512) ?? null,
    },
  });
  return sessionCookie.serialize(session.id, cookieSecurityFor(request));
}

/** Ends the request's session; answers the Set-Cookie value that clears the cookie. */
export async function destroyUserSession(request: Request) {
  const id = await readSessionId(request);
  if (id) await prisma.session.deleteMany({ where: { id } });
  return clearedSessionCookie(request);
}

/** The Set-Cookie value that clears the session cookie. */
export function clearedSessionCookie(request: Request) {
  return sessionCookie.serialize("", { ...cookieSecurityFor(request), maxAge: 0, expires: new Date(0) });
}

export function toPublicUser(user: SessionUser) {
  return publicUser(user);
}

/** Removes expired sessions (the maintenance queue runs it every hour). */
export async function deleteExpiredSessions() {
  const { count } = await prisma.session.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  return count;
}
