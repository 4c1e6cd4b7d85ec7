import { limitRegistration, signUp } from "~/modules/auth/auth.server";
import { registerSchema } from "~/modules/auth/schemas";
import { createUserSession } from "~/modules/auth/session.server";
import { publicUser } from "~/modules/auth/users.server";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { detectLanguage } from "~/server/i18n.server";
import { validate } from "~/server/validation";

// POST /api/register { username, email?, password, firstName, lastName }:
// 201 with the new user object, signed in.
const route = apiRoute({
  // Public: making an account (limited per address).
  POST: async ({ request, context }) => {
    await limitRegistration(context.clientIp);
    const input = validate(registerSchema, await readJsonBody(request));
    const user = await signUp(input, detectLanguage(request));
    const cookie = await createUserSession(request, user.id);
    return Response.json(publicUser(user), {
      status: 201,
      headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" },
    });
  },
});

export const loader = route.loader;
export const action = route.action;
