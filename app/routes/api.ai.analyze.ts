import { LIMITS } from "~/lib/catalog";
import { failureRefusal, followAnalysis, startAnalysis, toView } from "~/modules/analysis/analysis.server";
import { analyzeFieldsSchema } from "~/modules/analysis/schemas";
import { requireApiUser } from "~/modules/auth/session.server";
import { requireFeatureAccess } from "~/modules/premium/premium.server";
import { apiRoute } from "~/server/http/api-route.server";
import { photoField, readPhotoForm } from "~/server/http/multipart.server";
import { getFixedT, detectLanguage } from "~/server/i18n.server";
import { hitRateLimits, type Limit } from "~/server/rate-limit.server";
import { validate } from "~/server/validation";

// POST /api/ai/analyze (multipart: image, analysisType, preferredModel,
// additionalContext): a photo analysis for a farmer with premium access.
// Answers when the analysis has finished (within its deadline, about 60 s):
// { success: true, data: { severity, confidence, diagnosis, treatment,
// recommendations, id, answeredBy, ... }, message }, or the failure's code.
// With `Prefer: respond-async` it answers 202 at once with the analysis, whose
// progress /api/ai/analyses/{id}/events then streams (what the page does).

// A farmer photographs several leaves of a plant; a flood of photos is refused.
const ANALYZE_LIMITS = {
  perUser: { name: "analyze-user", max: 30, windowSeconds: 10 * 60 },
  perAddress: { name: "analyze-ip", max: 60, windowSeconds: 10 * 60 },
} as const satisfies Record<string, Limit>;

const wantsAsync = (request: Request) => /\brespond-async\b/i.test(request.headers.get("Prefer") ?? "");

const route = apiRoute({
  POST: async ({ request, context }) => {
    const user = await requireApiUser(request);
    await hitRateLimits([
      { limit: ANALYZE_LIMITS.perUser, key: user.id },
      { limit: ANALYZE_LIMITS.perAddress, key: context.clientIp },
    ]);
    // Before a byte of the photo is read.
    await requireFeatureAccess(user.id, "asiiko_ai");
    const form = await readPhotoForm(request, LIMITS.uploadMaxBytes);
    const fields = validate(analyzeFieldsSchema, {
      analysisType: form.get("analysisType") ?? undefined,
      preferredModel: form.get("preferredModel") ?? undefined,
      additionalContext: form.get("additionalContext") ?? undefined,
    });
    const image = await photoField(form, ["image"], "ai.errors.imageRequired");
    const language = detectLanguage(request);
    const t = await getFixedT(language);

    const analysis = await startAnalysis({ userId: user.id, fields, image, language });
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
      message: t("ai.messages.completed"),
    });
  },
});

export const loader = route.loader;
export const action = route.action;
