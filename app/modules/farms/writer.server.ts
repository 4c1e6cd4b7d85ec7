import { requireApiUser } from "~/modules/auth/session.server";
import { requireFeatureAccess } from "~/modules/premium/premium.server";
import { MAPPING_JSON_BYTES } from "~/lib/mapping";
import { readJsonBody } from "~/server/http/api.server";
import { hitRateLimits, type Limit } from "~/server/rate-limit.server";

// Who may change a farm or plot through the API, stated once for every write
// route: a signed-in user (401), within the write limit (429), with farm-mapping
// access (403 AUTHZ_SUBSCRIPTION_REQUIRED / _EXPIRED), checked in that order and
// before the body is read. Ownership of the farm is the module's check.

/** Drawing and walking make a few writes a minute; a script making hundreds is stopped. */
export const FARM_WRITE_LIMIT: Limit = { name: "farm-write", max: 300, windowSeconds: 10 * 60 };

export async function requireFarmWriter(request: Request) {
  const user = await requireApiUser(request);
  await checkFarmWriter(user.id);
  return user;
}

/** The write limit and farm-mapping access of a signed-in user (the page's actions call it too). */
export async function checkFarmWriter(userId: string) {
  await hitRateLimits([{ limit: FARM_WRITE_LIMIT, key: userId }]);
  await requireFeatureAccess(userId, "farm_mapping");
}

/** A farm or plot write's JSON body (a walked boundary is larger than most bodies). */
export const readFarmBody = (request: Request) => readJsonBody(request, MAPPING_JSON_BYTES);
