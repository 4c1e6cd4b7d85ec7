import { createHash, timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { getEnv } from "~/env.server";

// Who may open the operators' queue dashboard. Until sign-in exists this is
// whoever presents ADMIN_TOKEN: as a Bearer header, or once as ?token=...,
// after which an httpOnly cookie scoped to the dashboard carries it.

export const OPERATOR_COOKIE = "asiiko-operator";

function sameSecret(given: string, expected: string) {
  // Hash both so the comparison takes the same time whatever the lengths.
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

export type OperatorCheck = "granted" | "missing" | "wrong" | "disabled";

export function checkOperatorToken(presented: string | undefined, expected = getEnv().ADMIN_TOKEN): OperatorCheck {
  if (!expected) return "disabled";
  if (!presented) return "missing";
  return sameSecret(presented, expected) ? "granted" : "wrong";
}

function deny(res: Response, status: number, code: string, message: string) {
  res.status(status).setHeader("Cache-Control", "no-store").json({ success: false, error: { code, message } });
}

export function queueDashboardAccess(req: Request, res: Response, next: NextFunction) {
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
  if (check === "disabled") {
    deny(res, 403, "AUTHZ_INSUFFICIENT_PERMISSIONS", "The queue dashboard is closed: set ADMIN_TOKEN to open it.");
  } else if (check === "missing") {
    deny(res, 401, "AUTH_SESSION_EXPIRED", "Operators only: present the admin token.");
  } else {
    deny(res, 403, "AUTHZ_INSUFFICIENT_PERMISSIONS", "That admin token is not valid.");
  }
}
