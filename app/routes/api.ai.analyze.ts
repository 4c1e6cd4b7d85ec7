import { UPLOAD_MAX_BYTES } from "~/modules/storage/constants";
import { followAnalysis, startAnalysis } from "~/modules/analysis/analysis.server";
import { failureRefusal } from "~/modules/analysis/records.server";
import { toView } from "~/modules/analysis/views.server";
import { analyzeFieldsSchema } from "~/modules/analysis/schemas";
import { perUserAndAddress, requireFeature } from "~/modules/auth/gates.server";
import { ANALYZE_LIMITS } from "~/modules/analysis/constants";
import { apiRoute } from "~/server/http/api-route.server";
import { photoField, readFileForm } from "~/server/http/multipart.server";
import { getFixedT, detectLanguage } from "~/server/i18n.server";
import { validate } from "~/server/validation";

// POST /api/ai/analyze (multipart: image, analysisType, preferredModel,
// additionalContext): a photo analysis for a farmer with premium access.
// Answers when the analysis has finished (within its deadline, about 60 s):
// { success: true, data: { severity, confidence, diagnosis, treatment,
// recommendations, assessable, id, answeredBy, ... }, message }, or the failure's code.
// With `Prefer: respond-async` it answers 202 at once with the analysis, whose
// progress /api/ai/analyses/{id}/events then streams (what the page does).

const wantsAsync = (request: Request) => /\brespond-async\b/i.test(request.headers.get("Prefer") ?? "");

const route = apiRoute({
  POST: async ({ request, context }) => {
    // Within the limits and with premium access, before a byte of the photo is read.
    const grant = await requireFeature(request, "asiiko_ai", {
      limits: perUserAndAddress(ANALYZE_LIMITS, context.clientIp),
    });
    const { user } = grant;
    const form = await readFileForm(request, UPLOAD_MAX_BYTES);
    const fields = validate(analyzeFieldsSchema, {
      analysisType: form.get("analysisType") ?? undefined,
      preferredModel: form.get("preferredModel") ?? undefined,
      additionalContext: form.get("additionalContext") ?? undefined,
    });
    const image = await photoField(form, ["image"], "ai.errors.imageRequired");
    const language = detectLanguage(request);
    const t = await getFixedT(language);

    const analysis = await startAnalysis({ grant, fields, image, language });
    if (wantsAsync(request)) {
      const view = await toView(analysis, language);
      return Response.json(
        { success: true, data: { analysis: view }, message: t("ai.messages.started") },
        {
          status: 202,
          headers: { Location: `/api/ai/analyses/${analysis.id}`, "Preference-Applied": "respond-async" },
        },
      );
    }
    const finished = await followAnalysis(user.id, analysis.id, { signal: request.signal }).catch((error: unknown) => {
      // The farmer's connection went away: nobody reads this answer, and the analysis goes on (it shows in the history).
      if (request.signal.aborted) throw new Response(null, { status: 499 });
      throw error;
    });
    if (finished.status !== "completed")
      throw failureRefusal(finished.errorCode ?? "AI_ANALYSIS_FAILED", finished.errorMessage ?? undefined);
    return Response.json({
      success: true,
      data: await toView(finished, language),
      // A photo the analyzer could not assess answers the same shape, with data.assessable false.
      message: t(finished.assessable ? "ai.messages.completed" : "ai.messages.notAssessed"),
    });
  },
});

export const loader = route.loader;
export const action = route.action;
