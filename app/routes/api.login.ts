import { signIn } from "~/modules/auth/auth.server";
import { loginSchema } from "~/modules/auth/schemas";
import { createUserSession } from "~/modules/auth/session.server";
import { publicUser } from "~/modules/auth/users.server";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// POST /api/login { username, password }: the user object, with a new session cookie.
const route = apiRoute({
  // Public: signing in (limited per address and per username).
  POST: async ({ request, context }) => {
    const input = validate(loginSchema, await readJsonBody(request));
    const user = await signIn(input, context.clientIp);
    const cookie = await createUserSession(request, user.id);
    return Response.json(publicUser(user), { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
  },
});

export const loader = route.loader;
export const action = route.action;
