import { createHash } from "node:crypto";
import type { RequestHandler } from "express";
import { SESSION_COOKIE_NAME } from "~/server/session-cookie";
import { VIEWER_HEADER, VISITOR } from "~/sw/policy";

const SESSION_IN_COOKIES = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE_NAME}=([^;]+)`);

/**
 * Names the reader on every answer (a digest of the session cookie, or "visitor"), for the
 * service worker: when the reader changes (a sign-out, a sign-in, a session that ended), it drops
 * everything it kept of the last one before keeping anything new, so the next reader of a shared
 * phone never sees the last one's pages offline. The digest cannot be turned back into the session.
 */
export const nameViewer: RequestHandler = (req, res, next) => {
  const session = SESSION_IN_COOKIES.exec(req.headers.cookie ?? "")?.[1];
  res.setHeader(
    VIEWER_HEADER,
    session ? createHash("sha256").update(session).digest("base64url").slice(0, 22) : VISITOR,
  );
  next();
};
