// USSD and SMS for basic phones: the network's limits and ours.

/** The most characters a USSD screen may hold, "CON "/"END " included, on every network here. */
export const USSD_MAX_CHARS = 182;
/** How long a session's state is kept between screens (the networks end a session after about 180 s). */
export const USSD_SESSION_SECONDS = 300;
/** A session's answers, joined by '*', longer than this are not a person's: answered END. */
export const USSD_MAX_TEXT = 1000;
/** At most this many answers in one session. */
export const USSD_MAX_ANSWERS = 60;
/** How many options a list screen offers (listings, products, towns, orders). */
export const USSD_LIST_SIZE = 5;
/** Wrong PINs before selling, orders and listing changes are locked, and for how long. */
export const PIN_TRIES = 5;
export const PIN_LOCK_MS = 60 * 60 * 1000;
/** A callback's body larger than this is refused (413) before it is read: the provider's forms are small. */
export const CALLBACK_MAX_BYTES = 32 * 1024;
/** A first name typed on a phone keypad. */
export const FIRST_NAME_MIN = 2;
export const FIRST_NAME_MAX = 40;
/** Replies to SMS commands one number may get in a day: a loop of texts costs nothing beyond this. */
export const SMS_REPLY_LIMIT = { name: "sms-replies", max: 20, windowSeconds: 24 * 60 * 60 } as const;
