import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser, toPublicUser } from "~/modules/auth/session.server";
import { handleApi } from "~/server/http/api.server";

// GET /api/user: the signed-in user, or 401 (the client treats it as signed out).
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    const user = await requireApiUser(request);
    return Response.json(toPublicUser(user), { headers: { "Cache-Control": "private, no-store" } });
  });
}
