import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { sessionSecrets, type Env } from "~/env.server";

// A text that carries a code is kept sealed (AES-256-GCM) until it is sent, so the row holds no
// readable code: not in the owner's export, not in the operators' pages. The key is derived from
// the session secret (HKDF), so nothing new is configured; the number the text goes to is bound in
// as associated data, so a sealed body moved to another row of another number does not open.
// See docs/decisions/0002-sealed-code-texts.md.

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyOf(secret: string) {
  return Buffer.from(hkdfSync("sha256", secret, "asiiko-sms-sealed-text", "sms-body-v1", 32));
}

const boundTo = (to: string) => Buffer.from(`sms\n${to}`, "utf8");

/** The text sealed for `to`: "v1." and base64url(iv, tag, ciphertext). */
export function sealText(text: string, to: string, env?: Env): string {
  const secret = sessionSecrets(env)[0] ?? "";
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  cipher.setAAD(boundTo(to));
  const sealed = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url")}`;
}

/**
 * The text of a sealed body for `to`, or null when it does not open (another number, a spoilt
 * value, a session secret no longer configured). Every configured secret is tried, so a text
 * sealed before the secret was rotated still goes.
 */
export function openText(sealed: string, to: string, env?: Env): string | null {
  const [version, payload] = sealed.split(".", 2);
  if (version !== VERSION || !payload) return null;
  const bytes = Buffer.from(payload, "base64url");
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  const iv = bytes.subarray(0, IV_BYTES);
  const tag = bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const body = bytes.subarray(IV_BYTES + TAG_BYTES);
  for (const secret of sessionSecrets(env)) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), iv);
      decipher.setAAD(boundTo(to));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
    } catch {
      // Not this secret's: the next one, if any.
    }
  }
  return null;
}
