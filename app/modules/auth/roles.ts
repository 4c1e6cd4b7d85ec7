import { Refusal } from "~/server/refusal";

// The one rule for who is an administrator, for the gates, the modules that
// change shared data (the catalogue) and the pages that show or hide tools.

export const isAdministrator = (user: { role: string }) => user.role === "ADMIN";

/** Refuses (403 AUTHZ_INSUFFICIENT_PERMISSIONS) anyone but an administrator. */
export function assertAdministrator(user: { role: string }, message = "errors.forbidden") {
  if (!isAdministrator(user)) throw new Refusal("AUTHZ_INSUFFICIENT_PERMISSIONS", message);
}
