import { signIn, startSignedInSession } from "~/modules/auth/auth.server";
import { readDeviceId } from "~/modules/auth/devices.server";
import { loginSchema } from "~/modules/auth/schemas";
import { publicUser } from "~/modules/auth/users.server";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// POST /api/login { username, password }: the user object, with a new session cookie (and the
// browser's device cookie, which its later attempts are counted by).
const route = apiRoute({
  // Public: signing in (limited per address, per known browser, and paced per account).
  POST: async ({ request, context }) => {
    const input = validate(loginSchema, await readJsonBody(request));
    const user = await signIn(input, { clientIp: context.clientIp, deviceId: await readDeviceId(request) });
    const headers = await startSignedInSession(request, user.id);
    headers.set("Cache-Control", "no-store");
    return Response.json(publicUser(user), { headers });
  },
});

export const loader = route.loader;
export const action = route.action;
