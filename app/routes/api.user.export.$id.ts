import { readExportFile } from "~/modules/account-data/exports.server";
import { requireUser } from "~/modules/auth/gates.server";
import { apiRoute } from "~/server/http/api-route.server";

// GET /api/user/export/{id}: the ZIP of a ready copy of the account's data, for its owner only
// (404 DB_RECORD_NOT_FOUND alike for anyone else's, a pending or an expired one).
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireUser(request);
    const { bytes, createdAt } = await readExportFile(user.id, params.id ?? "");
    const day = createdAt.toISOString().slice(0, 10);
    return new Response(new Uint8Array(bytes), {
      headers: {
        "Content-Type": "application/zip",
        "Content-Length": String(bytes.length),
        "Content-Disposition": `attachment; filename="asiiko-my-data-${day}.zip"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
});

export const loader = route.loader;
export const action = route.action;
