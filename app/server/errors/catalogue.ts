// The error codes the product answers, each with its one HTTP status and one meaning. Every
// code is one of the specification's catalogue (platform.md, section 8): its clients know no
// others, and the fuzz suite holds every refusal to that list. A Refusal takes its status from
// here; the README's table of error codes is checked against this one (scripts/error-catalogue.test.ts).

export interface CatalogueEntry {
  status: number;
  meaning: string;
}

export const ERROR_CATALOGUE = {
  VLD_REQUIRED_FIELD: { status: 400, meaning: "A field is missing, or its value is not one the form takes" },
  VLD_INVALID_EMAIL: { status: 400, meaning: "The e-mail address is not valid" },
  VLD_INVALID_PHONE: { status: 400, meaning: "The phone number is not valid, or none is saved for it to show" },
  VLD_PASSWORD_TOO_SHORT: { status: 400, meaning: "The password is shorter than 8 characters" },
  VLD_INVALID_GPS_COORDS: { status: 400, meaning: "A latitude, longitude or radius is out of range" },
  VLD_INVALID_PRICE: { status: 400, meaning: "A price in naira is not valid" },
  VLD_INVALID_QUANTITY: { status: 400, meaning: "A quantity is not a whole number in the range allowed" },
  VLD_INVALID_CROP_TYPE: { status: 400, meaning: "A crop or category is not one of the list" },
  VLD_FARM_NAME_TOO_LONG: { status: 400, meaning: "The farm name is 100 characters or longer" },
  AUTH_INVALID_CREDENTIALS: { status: 401, meaning: "Signing in failed: no account matches that e-mail and password" },
  AUTH_USERNAME_EXISTS: { status: 409, meaning: "The username is taken" },
  AUTH_EMAIL_EXISTS: { status: 409, meaning: "The e-mail address belongs to another account" },
  AUTH_SESSION_EXPIRED: { status: 401, meaning: "Not signed in, or the session has ended: sign in again" },
  AUTH_ACCOUNT_LOCKED: { status: 403, meaning: "The account is suspended" },
  AUTHZ_SUBSCRIPTION_REQUIRED: { status: 403, meaning: "The feature needs Premium (the trial is used up or over)" },
  AUTHZ_SUBSCRIPTION_EXPIRED: { status: 403, meaning: "The feature needs Premium, and the subscription has ended" },
  AUTHZ_FEATURE_LIMIT_REACHED: { status: 403, meaning: "A limit on how many of a thing one may keep is reached" },
  AUTHZ_INSUFFICIENT_PERMISSIONS: {
    status: 403,
    meaning: "The asker may not do this (not theirs, or not an administrator)",
  },
  AUTHZ_FARM_ACCESS_DENIED: { status: 403, meaning: "The farm or plot belongs to someone else" },
  DB_CONSTRAINT_VIOLATION: {
    status: 409,
    meaning: "The thing's present state does not allow this (already done, not yet possible, or held by orders)",
  },
  DB_DUPLICATE_ENTRY: { status: 409, meaning: "It exists already, or the same request is being handled" },
  DB_RECORD_NOT_FOUND: { status: 404, meaning: "Nothing the asker may see has that id or address" },
  FILE_TOO_LARGE: { status: 413, meaning: "The file or the request's body is larger than allowed" },
  FILE_INVALID_TYPE: { status: 415, meaning: "The file or the request's body is of a type not taken here" },
  FILE_CORRUPTED: { status: 400, meaning: "The file is empty or cannot be read" },
  FILE_UPLOAD_FAILED: { status: 400, meaning: "The upload broke off before it was whole" },
  AI_SERVICE_UNAVAILABLE: { status: 503, meaning: "The analysis service cannot be reached" },
  AI_ANALYSIS_FAILED: { status: 502, meaning: "The analysis ended without a result" },
  AI_INVALID_IMAGE: { status: 400, meaning: "The photo cannot be analysed (unreadable or too small)" },
  AI_MODEL_OVERLOADED: { status: 503, meaning: "The analysis model is busy" },
  AI_PROCESSING_TIMEOUT: { status: 504, meaning: "The analysis took longer than allowed" },
  PAY_PROCESSING_ERROR: { status: 502, meaning: "The payment provider did not do what was asked" },
  FARM_BOUNDARY_INVALID: { status: 400, meaning: "A boundary is not a valid shape, or lies outside its farm" },
  FARM_AREA_TOO_LARGE: { status: 400, meaning: "A boundary encloses more than the largest area allowed" },
  MKT_PRODUCT_NOT_FOUND: { status: 404, meaning: "No product of the catalogue has that id" },
  MKT_OUT_OF_STOCK: { status: 409, meaning: "Not enough of the listing is left for this" },
  MKT_SELLER_UNAVAILABLE: { status: 404, meaning: "No seller that may be shown has that id" },
  RATE_LIMIT_EXCEEDED: { status: 429, meaning: "Too many attempts: wait for the time in Retry-After" },
  RATE_TOO_MANY_REQUESTS: { status: 429, meaning: "Too many analyses under way at once" },
  RATE_DAILY_LIMIT_REACHED: { status: 429, meaning: "The day's allowance is used up" },
  SYS_INTERNAL_ERROR: { status: 500, meaning: "Something failed on the server" },
  SYS_SERVICE_DEGRADED: { status: 503, meaning: "A service the answer needs is down: try again shortly" },
  SYS_CONFIGURATION_ERROR: { status: 503, meaning: "The feature is not set up on this server" },
  SEC_INVALID_TOKEN: {
    status: 400,
    meaning: "A code, signature or confirming password is wrong, expired or used up",
  },
  SEC_CSRF_VIOLATION: { status: 403, meaning: "A write sent from another site" },
  SEC_MALICIOUS_REQUEST: {
    status: 400,
    meaning:
      "The request cannot be read (malformed JSON, address or request line; 405 for a method not taken, 431 for oversized headers)",
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** The codes whose answer is 404 (what notFound() takes). */
export type NotFoundCode = {
  [C in ErrorCode]: (typeof ERROR_CATALOGUE)[C]["status"] extends 404 ? C : never;
}[ErrorCode];

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_CATALOGUE, code);

export const statusOf = (code: ErrorCode): number => ERROR_CATALOGUE[code].status;
