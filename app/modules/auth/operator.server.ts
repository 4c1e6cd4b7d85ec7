import { createHash, timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { getEnv } from "~/env.server";
import type { ErrorCode } from "~/server/errors/catalogue";
import { readCookie } from "~/lib/cookies";
import { getSessionUser } from "./session.server";

// Who may open the operators' queue dashboard: a signed-in administrator, or
// whoever presents ADMIN_TOKEN (for operators without an account, and for
// scripts): as a Bearer header, or once as ?token=..., after which an httpOnly
// cookie scoped to the dashboard carries it. Anyone else is refused: a browser
// asking for a page gets the product's own page saying who may see it (the
// route admin.queues.$), a script or API client the catalogue's JSON.

/** Set on a refused browser's answer: the dashboard steps aside, and the product's page answers with this status. */
export const QUEUE_DASHBOARD_REFUSED = "queueDashboardRefused";

/** Whether the request is a browser opening a page (not a script, an API client or the dashboard's own calls). */
export function wantsPage(req: Pick<Request, "method" | "headers">) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  return /\btext\/html\b/i.test(req.headers.accept ?? "");
}

export const OPERATOR_COOKIE = "asiiko-operator";

function sameSecret(given: string, expected: string) {
  // Hash both so the comparison takes the same time whatever the lengths.
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

export type OperatorCheck = "granted" | "missing" | "wrong" | "disabled";

export function checkOperatorToken(presented: string | undefined, expected = getEnv().ADMIN_TOKEN): OperatorCheck {
  if (!expected) return "disabled";
  if (!presented) return "missing";
  return sameSecret(presented, expected) ? "granted" : "wrong";
}

function deny(res: Response, status: number, code: ErrorCode, message: string) {
  res.status(status).setHeader("Cache-Control", "no-store").json({ success: false, error: { code, message } });
}

async function signedInRole(req: Request) {
  if (!req.headers.cookie) return null;
  const user = await getSessionUser(
    new globalThis.Request("http://localhost/admin/queues", { headers: { Cookie: req.headers.cookie } }),
  );
  return user?.role ?? null;
}

export function queueDashboardAccess(req: Request, res: Response, next: NextFunction) {
  checkQueueDashboardAccess(req, res, next).catch(next);
}

async function checkQueueDashboardAccess(req: Request, res: Response, next: NextFunction) {
  const env = getEnv();
  const queryToken = typeof req.query.token === "string" ? req.query.token : undefined;
  const bearer = req.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  const presented = queryToken ?? bearer ?? readCookie(req.headers.cookie, OPERATOR_COOKIE);
  const check = checkOperatorToken(presented, env.ADMIN_TOKEN);

  if (check === "granted") {
    if (queryToken) {
      // Keep the token out of the address bar and history from here on.
      res.cookie(OPERATOR_COOKIE, queryToken, {
        httpOnly: true,
        sameSite: "strict",
        secure: env.NODE_ENV === "production",
        path: "/admin/queues",
        maxAge: 12 * 3600 * 1000,
      });
      const url = new URL(req.originalUrl, "http://localhost");
      url.searchParams.delete("token");
      res.redirect(303, url.pathname + url.search);
      return;
    }
    next();
    return;
  }
  const role = check === "wrong" ? null : await signedInRole(req);
  if (role === "ADMIN") {
    next();
    return;
  }
  const status = check === "wrong" || role === "USER" ? 403 : 401;
  if (wantsPage(req)) {
    res.locals[QUEUE_DASHBOARD_REFUSED] = status;
    next();
    return;
  }
  if (status === 403) {
    deny(res, 403, "AUTHZ_INSUFFICIENT_PERMISSIONS", "Administrators only.");
  } else {
    deny(
      res,
      401,
      "AUTH_SESSION_EXPIRED",
      "Administrators only: sign in as an administrator or present the admin token.",
    );
  }
}
