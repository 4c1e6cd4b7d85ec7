import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { AsiikoPage } from "~/components/analysis/asiiko-page";
import { configuredModels } from "~/modules/analysis/analyzers.server";
import { listAnalyses } from "~/modules/analysis/views.server";
import { requireUser } from "~/modules/auth/gates.server";
import { pageFeatureAccess } from "~/modules/premium/page-access.server";
import { trialHeldNow } from "~/modules/premium/premium.server";
import { detectLanguage } from "~/server/i18n.server";
import { logger } from "~/server/logger.server";
import type { PageHandle } from "~/components/shell/hydration";
import { pageTexts } from "~/locales/page-texts";
import asiikoTexts from "~/locales/page-texts/asiiko";

// The texts only this page says come with it (app/locales/page-texts.ts).
export const handle: PageHandle = { texts: pageTexts(asiikoTexts) };

export const meta: MetaFunction = () => [{ title: "Asiiko AI · Asiiko" }];

/** How many past analyses the page shows at first, and each 'Load more' brings. */
const HISTORY_PAGE_SIZE = 10;

// Asiiko AI: a photo of a crop, an animal or a medicinal plant, analysed by the
// chosen assistant (or the built-in photo screening) while the page follows its
// progress; the farmer's past analyses below. Premium: locked behind the prompt
// once the trial is over, but the farmer's own history stays readable. While a
// trial's one analysis is running, the prompt says so (it can be followed from
// the history, and the trial comes back if it does not succeed).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const locale = detectLanguage(request);
  const [access, trialRunning, history] = await Promise.all([
    pageFeatureAccess(user.id, "asiiko_ai"),
    trialHeldNow(user.id).catch((error: unknown) => {
      logger.error({ err: error, userId: user.id }, "trial hold could not be checked");
      return false;
    }),
    listAnalyses(user.id, { limit: HISTORY_PAGE_SIZE, language: locale }).catch((error: unknown) => {
      // The tool stays usable and says the history could not be loaded.
      logger.error({ err: error, userId: user.id }, "analysis history could not be loaded");
      return null;
    }),
  ]);
  return {
    access,
    trialRunning,
    analyses: history?.analyses ?? [],
    nextCursor: history?.nextCursor ?? null,
    historyFailed: history === null,
    models: configuredModels(),
    locale,
  };
}

export default function Asiiko() {
  const data = useLoaderData<typeof loader>();
  return <AsiikoPage {...data} />;
}

export const ErrorBoundary = pageErrorBoundary("AsiikoPage");
