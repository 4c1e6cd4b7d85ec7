import { createCookie } from "@remix-run/node";

// The session cookie's one definition: the server signs sessions with it, and
// the browser tests mint sessions with the same definition and their own secret.

export const SESSION_COOKIE_NAME = "asiiko-session";
export const SESSION_DAYS = 30;

export function createSessionCookie(secrets: string[], { secure }: { secure: boolean }) {
  return createCookie(SESSION_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    secrets,
    maxAge: SESSION_DAYS * 24 * 3600,
  });
}
