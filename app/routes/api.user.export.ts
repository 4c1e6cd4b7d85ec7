import { latestExport, requestExport } from "~/modules/account-data/exports.server";
import { requireUser } from "~/modules/auth/gates.server";
import { MAX_JSON_BYTES, readTextBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";

// The account's copy of its data (Settings, "Download my data"). GET: the latest copy that has
// not expired, with its state (pending, ready with its download address, failed) or null.
// POST: asks for a new one, made by a maintenance job (202; the one being made is answered again).
const noStore = { "Cache-Control": "private, no-store" };

const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireUser(request);
    return Response.json({ success: true, data: { export: await latestExport(user.id) } }, { headers: noStore });
  },
  POST: async ({ request }) => {
    const user = await requireUser(request);
    // The request needs no body: what is sent is read (up to 64 KB, past that 413) and ignored.
    await readTextBody(request, MAX_JSON_BYTES);
    const made = await requestExport(user.id);
    return Response.json(
      { success: true, data: { export: made }, message: "Your copy is being made" },
      { status: 202, headers: noStore },
    );
  },
});

export const loader = route.loader;
export const action = route.action;
