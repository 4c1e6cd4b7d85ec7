import { LIMITS } from "~/lib/catalog";
import { requireApiUser } from "~/modules/auth/session.server";
import { apiRoute } from "~/server/http/api-route.server";
import { readMultipart } from "~/server/http/multipart.server";
import { hitRateLimits, type Limit } from "~/server/rate-limit.server";
import { Refusal } from "~/server/refusal";
import { acceptUpload, discardUpload, uploadUrl, UPLOAD_WIDTHS, waitForUpload } from "~/modules/storage/uploads.server";

// POST /api/uploads (multipart: file, purpose): a listing or product photo.
// Answers the address to put in `images` once the worker has processed it.
// A farmer adds a handful of photos to a listing; a catalogue editor a few more.
const UPLOAD_LIMITS = {
  perUser: { name: "upload-user", max: 30, windowSeconds: 10 * 60 },
  perAddress: { name: "upload-ip", max: 60, windowSeconds: 10 * 60 },
} as const satisfies Record<string, Limit>;

const route = apiRoute({
  POST: async ({ request, context }) => {
    const user = await requireApiUser(request);
    await hitRateLimits([
      { limit: UPLOAD_LIMITS.perUser, key: user.id },
      { limit: UPLOAD_LIMITS.perAddress, key: context.clientIp },
    ]);
    if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
      throw new Refusal(415, "FILE_INVALID_TYPE", "upload.errors.multipart");
    }
    // Refuse at once what is plainly too big, before reading it.
    if (Number(request.headers.get("Content-Length") ?? 0) > LIMITS.uploadMaxBytes + 64 * 1024) {
      throw new Refusal(413, "FILE_TOO_LARGE", "upload.errors.tooLarge");
    }
    // Counted while it streams in: one photo under 10 MB, a few short fields, and no more in all.
    const form = await readMultipart(request, { maxFileBytes: LIMITS.uploadMaxBytes, maxTotalBytes: LIMITS.uploadMaxBytes + 64 * 1024 });
    const file = form.get("file") ?? form.get("image");
    if (!(file instanceof Blob)) throw new Refusal(400, "VLD_REQUIRED_FIELD", "upload.errors.noFile", { file: ["upload.errors.noFile"] });
    const purpose = form.get("purpose") === "product" ? "product" : "listing";

    const upload = await acceptUpload(user.id, purpose, Buffer.from(await file.arrayBuffer()));
    const status = await waitForUpload(upload.id);
    if (status === "failed") {
      await discardUpload(upload.id);
      throw new Refusal(400, "FILE_CORRUPTED", "upload.errors.corrupted");
    }
    const urls = Object.fromEntries(UPLOAD_WIDTHS.map((width) => [width, uploadUrl(upload.id, width)]));
    return Response.json(
      { success: true, data: { id: upload.id, url: uploadUrl(upload.id), urls, width: upload.width, height: upload.height, status } },
      { status: status === "ready" ? 201 : 202 },
    );
  },
});

export const loader = route.loader;
export const action = route.action;
