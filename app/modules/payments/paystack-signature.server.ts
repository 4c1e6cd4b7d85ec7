import { createHmac, timingSafeEqual } from "node:crypto";

// Paystack signs each webhook: `x-paystack-signature` is the HMAC-SHA512, in hex, of
// the raw request body keyed by the account's secret key.

/** SHA-512 is 64 bytes: 128 hex digits. */
const SIGNATURE = /^[0-9a-f]{128}$/i;

/** Paystack's signature of `rawBody` with `secret` (hex). */
export function paystackSignature(rawBody: string, secret: string): string {
  return createHmac("sha512", secret).update(rawBody, "utf8").digest("hex");
}

/**
 * Whether `header` is Paystack's signature of `rawBody` with `secret`, compared in constant time.
 * False for a missing, malformed or wrong-length header, and when there is no secret.
 */
export function verifyPaystackSignature(rawBody: string, header: string | null, secret: string): boolean {
  if (!secret || header === null) return false;
  const given = header.trim();
  if (!SIGNATURE.test(given)) return false;
  const expected = Buffer.from(paystackSignature(rawBody, secret), "hex");
  return timingSafeEqual(expected, Buffer.from(given, "hex"));
}
