import type { Limit } from "~/server/rate-limit.server";

// Photos: how large one may be, and how often one may be sent.

/** The largest photo accepted, for a listing, a product or an analysis. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** A farmer adds a handful of photos to a listing; a catalogue editor a few more. */
export const UPLOAD_LIMITS = {
  perUser: { name: "upload-user", max: 30, windowSeconds: 10 * 60 },
  perAddress: { name: "upload-ip", max: 60, windowSeconds: 10 * 60 },
} as const satisfies Record<string, Limit>;
