import { DELETE_ATTEMPTS } from "~/modules/account-data/constants";
import { deleteAccount } from "~/modules/account-data/deletion.server";
import { deleteAccountSchema } from "~/modules/account-data/schemas";
import { perUser, requireUser } from "~/modules/auth/gates.server";
import { clearedSessionCookie } from "~/modules/auth/session.server";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// DELETE /api/user/account { password }: deletes the signed-in account and everything it owns
// (app/modules/account-data/deletion.server.ts says what stays: payment records, detached).
// Confirmed by the current password; 5 tries in 15 minutes, then 429.
const deleteLimit = { name: "account-delete", max: DELETE_ATTEMPTS, windowSeconds: 15 * 60 };

const route = apiRoute({
  DELETE: async ({ request }) => {
    const user = await requireUser(request, { limits: perUser(deleteLimit) });
    const input = validate(deleteAccountSchema, await readJsonBody(request, 4 * 1024));
    await deleteAccount(user.id, input);
    return Response.json(
      { success: true, data: { deleted: true }, message: "Account deleted" },
      { headers: { "Set-Cookie": await clearedSessionCookie(request), "Cache-Control": "no-store" } },
    );
  },
});

export const loader = route.loader;
export const action = route.action;
