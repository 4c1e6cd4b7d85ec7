import { limitRegistration, signUp, startSignedInSession } from "~/modules/auth/auth.server";
import { registerSchema } from "~/modules/auth/schemas";
import { publicUser } from "~/modules/auth/users.server";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { detectLanguage } from "~/server/i18n.server";
import { validate } from "~/server/validation";

// POST /api/register { username, email?, password, firstName, lastName, occupation? }:
// 201 with the new user object, signed in.
const route = apiRoute({
  // Public: making an account (limited per address).
  POST: async ({ request, context }) => {
    await limitRegistration(context.clientIp);
    const input = validate(registerSchema, await readJsonBody(request));
    const user = await signUp(input, detectLanguage(request));
    const headers = await startSignedInSession(request, user.id);
    headers.set("Cache-Control", "no-store");
    return Response.json(publicUser(user), { status: 201, headers });
  },
});

export const loader = route.loader;
export const action = route.action;
