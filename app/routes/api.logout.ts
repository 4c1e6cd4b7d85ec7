import type { ActionFunctionArgs } from "@remix-run/node";
import { destroyUserSession } from "~/modules/auth/session.server";
import { handleApi, methodNotAllowed } from "~/server/http/api.server";

// POST /api/logout: ends the session (signed out or not, the answer is the same).
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(request, async () => {
    const cookie = await destroyUserSession(request);
    return Response.json({ success: true }, { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
  });
}

export const loader = () => methodNotAllowed(["POST"]);
