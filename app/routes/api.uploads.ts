import { perUserAndAddress, requireUser } from "~/modules/auth/gates.server";
import { assertAdministrator } from "~/modules/auth/roles";
import { UPLOAD_LIMITS, UPLOAD_MAX_BYTES } from "~/modules/storage/constants";
import { apiRoute } from "~/server/http/api-route.server";
import { photoField, readFileForm } from "~/server/http/multipart.server";
import { Refusal } from "~/server/refusal";
import { acceptUpload, discardUpload, uploadUrl, UPLOAD_WIDTHS, waitForUpload } from "~/modules/storage/uploads.server";

// POST /api/uploads (multipart: file, purpose): a listing photo, or a product photo (administrators).
// Answers the address to put in `images` once the worker has processed it.

const route = apiRoute({
  POST: async ({ request, context }) => {
    const user = await requireUser(request, { limits: perUserAndAddress(UPLOAD_LIMITS, context.clientIp) });
    // One photo under 10 MB and a few short fields, counted while it streams in.
    const form = await readFileForm(request, UPLOAD_MAX_BYTES);
    const purpose = form.get("purpose") === "product" ? "product" : "listing";
    // Catalogue photos are public for as long as a product shows them: administrators only.
    if (purpose === "product") assertAdministrator(user, "upload.errors.productAdminsOnly");
    const photo = await photoField(form, ["file", "image"], "upload.errors.noFile");

    const upload = await acceptUpload(user.id, purpose, photo);
    const status = await waitForUpload(upload.id);
    if (status === "failed") {
      await discardUpload(upload.id);
      throw new Refusal("FILE_CORRUPTED", "upload.errors.corrupted");
    }
    const urls = Object.fromEntries(UPLOAD_WIDTHS.map((width) => [width, uploadUrl(upload.id, width)]));
    return Response.json(
      {
        success: true,
        data: { id: upload.id, url: uploadUrl(upload.id), urls, width: upload.width, height: upload.height, status },
      },
      { status: status === "ready" ? 201 : 202 },
    );
  },
});

export const loader = route.loader;
export const action = route.action;
