// The account's data rights (Nigeria Data Protection Act 2023): a copy of its data, and deletion.

/** How long a ready copy can be downloaded before its file is removed. */
export const EXPORT_KEEP_HOURS = 48;
/** Copies one account may ask for in a day (each reads every row and photo it owns). */
export const EXPORTS_PER_DAY = 5;
/** Wrong passwords accepted on the deletion form in 15 minutes before it waits. */
export const DELETE_ATTEMPTS = 5;
/** When the Privacy Policy and the Terms last changed (shown on both pages). */
export const POLICIES_UPDATED = "2026-11-28";
