import { uploadIdOf } from "./renditions";

// Which photo addresses a page may put in front of a reader, so that no reader's browser is sent
// to a server the operator has not chosen (that server would learn every buyer's address and
// browser): the processed sizes of our own uploads (/uploads/<id>/<width>.webp), the catalogue's
// bundled pictures (/images/products/...), and https addresses on the hosts the operator allows
// (IMAGE_HOSTS). The Content-Security-Policy's img-src names the same hosts.

const BUNDLED = /^\/images\/products\/[\w-]+\.(?:svg|webp|png|jpg)$/;

/** What kind of address a photo's is, or null for one that is no photo address at all. */
export type PhotoAddress =
  { kind: "upload"; uploadId: string } | { kind: "bundled" } | { kind: "outside"; host: string };

export function readPhotoAddress(value: string): PhotoAddress | null {
  const uploadId = uploadIdOf(value);
  if (uploadId) return { kind: "upload", uploadId };
  if (BUNDLED.test(value)) return { kind: "bundled" };
  // Only https: a plain http photo on an https page is mixed content, and IMAGE_HOSTS names https hosts.
  if (!value.startsWith("https://")) return null;
  try {
    const url = new URL(value);
    // A user name, a password or another port is not the host the operator named.
    if (url.username || url.password || url.port || url.hostname.length === 0) return null;
    return { kind: "outside", host: url.hostname.toLowerCase() };
  } catch {
    return null;
  }
}

/** Whether a reader's browser may be given this address: ours, or on one of `hosts` (lower-case host names). */
export function isShownPhoto(value: string, hosts: readonly string[]): boolean {
  const address = readPhotoAddress(value);
  if (!address) return false;
  return address.kind !== "outside" || hosts.includes(address.host);
}
