import { analysisPhoto } from "~/modules/analysis/views.server";
import { requireUser } from "~/modules/auth/gates.server";
import { apiRoute } from "~/server/http/api-route.server";
import { Refusal } from "~/server/refusal";

// GET /api/ai/analyses/{id}/photo[?size=320]: the photo of one of the farmer's
// analyses (WebP, metadata stripped), 800 px or the 320 px thumbnail. Analysis
// photos are never under the public /uploads address: only their owner gets them.
const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireUser(request);
    const size = new URL(request.url).searchParams.get("size");
    if (size !== null && size !== "320" && size !== "800") {
      throw new Refusal(400, "VLD_REQUIRED_FIELD", "errors.validation", { size: ["errors.validation"] });
    }
    const bytes = await analysisPhoto(user.id, params.id ?? "", size === "320" ? 320 : 800);
    // The file behind an address never changes: the owner's browser keeps it.
    return new Response(new Uint8Array(bytes), {
      headers: {
        "Content-Type": "image/webp",
        "Cache-Control": "private, max-age=604800, immutable",
        "Content-Length": String(bytes.length),
      },
    });
  },
});

export const loader = route.loader;
export const action = route.action;
