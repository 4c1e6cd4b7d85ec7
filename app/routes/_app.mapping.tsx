import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import leafletDrawStyles from "leaflet-draw/dist/leaflet.draw.css?url";
import leafletStyles from "leaflet/dist/leaflet.css?url";
import farmMapStyles from "~/components/farms/farm-map.css?url";
import { MappingPage } from "~/components/farms/mapping-page";
import { pageErrorBoundary } from "~/components/errors/page-error-boundary";
import { MAPPING_JSON_BYTES } from "~/modules/farms/constants";
import { recordId } from "~/lib/text";
import { requireFeature, requireUser } from "~/modules/auth/gates.server";
import { farmEnvironment } from "~/modules/environment/environment.server";
import { tileSources } from "~/env.server";
import {
  createFarm,
  createPlot,
  deleteFarm,
  deletePlot,
  FARM_WRITES,
  getFarm,
  listFarms,
  listPlots,
  updateFarm,
  updatePlot,
} from "~/modules/farms/farms.server";
import {
  farmFormSchema,
  plotCreateSchema,
  plotFormSchema,
  plotIssueCode,
  isMappingIntent,
  type MappingIntent,
  type MappingReplyData,
} from "~/modules/farms/schemas";
import { pageFeatureAccess } from "~/modules/premium/page-access.server";
import { recordFeatureUse } from "~/modules/premium/premium.server";
import { detectLanguage } from "~/server/i18n.server";
import { readPageForm } from "~/server/http/page-form.server";
import { answerIntent, invalidSubmission, pageSuccess } from "~/server/http/page-reply.server";
import { logger } from "~/server/logger.server";
import { Refusal } from "~/server/refusal";
import { validate, validateValue } from "~/server/validation";
import type { PageHandle } from "~/components/shell/hydration";
import { pageTexts } from "~/locales/page-texts";
import mappingTexts from "~/locales/page-texts/mapping";

// The texts only this page says come with it (app/locales/page-texts.ts).
export const handle: PageHandle = { texts: pageTexts(mappingTexts) };

export const meta: MetaFunction = () => [{ title: "Farm Mapping · Asiiko" }];

// Leaflet's styles are on this page only, as its JavaScript is.
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: leafletStyles },
  { rel: "stylesheet", href: leafletDrawStyles },
  { rel: "stylesheet", href: farmMapStyles },
];

// Farm mapping: the farmer's farms, the selected one's boundary and plots on a
// map, drawing and walking shapes. Premium (farm_mapping): without access the
// tools are behind the prompt, but the farmer's own farms stay listed and
// exportable. The selected farm is in the address (?farm=), so a reload keeps it.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const selectedId = new URL(request.url).searchParams.get("farm");
  const [access, farms] = await Promise.all([
    pageFeatureAccess(user.id, "farm_mapping"),
    listFarms(user.id).catch((error: unknown) => {
      logger.error({ err: error, userId: user.id }, "farms could not be loaded");
      return null;
    }),
  ]);
  const selected = farms?.find((farm) => farm.id === selectedId) ?? null;
  const plots = selected
    ? await listPlots(selected.id, user.id).catch((error: unknown) => {
        logger.error({ err: error, userId: user.id }, "plots could not be loaded");
        return null;
      })
    : [];
  // The cache's weather and soil (the queue is asked for what is missing): never waits on a provider.
  const environment =
    selected && access?.canAccess
      ? await farmEnvironment({ id: selected.id, centerLat: selected.centerLat, centerLng: selected.centerLng })
      : null;
  return {
    access,
    environment,
    tileSources: tileSources(),
    farms: farms ?? [],
    farmsFailed: farms === null,
    selectedId: selected?.id ?? null,
    plots: plots ?? [],
    plotsFailed: plots === null,
    locale: detectLanguage(request),
  };
}

/** A JSON field of the form (a shape): parsed, or refused as the shape problem it is. */
function jsonField(form: FormData, name: string): unknown {
  const value = form.get(name);
  if (typeof value !== "string" || value === "") return undefined;
  try {
    return JSON.parse(value);
  } catch {
    throw new Refusal(400, "FARM_BOUNDARY_INVALID", "mapping.geometry.notFeature", {
      [name]: ["mapping.geometry.notFeature"],
    });
  }
}

/** The form's fields (without the intent and ids), with the shapes parsed. */
function fields(form: FormData, shape?: "boundary" | "geometry") {
  const values: Record<string, unknown> = {};
  for (const [key, value] of form) {
    if (key === "intent" || key === "farmId" || key === "plotId" || key === shape) continue;
    values[key] = value;
  }
  if (shape) values[shape] = jsonField(form, shape);
  return values;
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  // A walked boundary of 1,000 corners is larger than most forms.
  const form = await readPageForm(request, MAPPING_JSON_BYTES);
  const intent = form.get("intent");
  if (!isMappingIntent(intent)) throw new Response("Unknown intent", { status: 400 });
  const farmId = () => validateValue(recordId("mapping.errors.farmNotFound"), form.get("farmId"));
  const plotId = () => validateValue(recordId("mapping.errors.plotNotFound"), form.get("plotId"));

  const success = (farmId: string) => pageSuccess<MappingIntent, MappingReplyData>(intent, { data: { farmId } });

  // The farm and plot dialogs: their schema is the authority, and a module's refusal of a field shows on that field.
  if (intent === "createFarm" || intent === "updateFarm") {
    const submission = parseWithZod(form, { schema: farmFormSchema });
    if (submission.status !== "success") return invalidSubmission(intent, submission);
    return answerIntent(
      request,
      intent,
      async () => {
        const grant = await requireFeature(request, "farm_mapping", FARM_WRITES);
        if (intent === "createFarm") return success((await createFarm(grant, submission.value)).id);
        // The dialog's emptied description removes it (in the API, a missing one is kept); an edit does not move the farm.
        const { name, description, crops } = submission.value;
        const farm = await updateFarm(farmId(), grant, { name, description: description ?? null, crops });
        return success(farm.id);
      },
      { submission },
    );
  }
  if (intent === "createPlot" || intent === "updatePlot") {
    const submission = parseWithZod(form, { schema: plotFormSchema });
    if (submission.status !== "success") return invalidSubmission(intent, submission);
    return answerIntent(
      request,
      intent,
      async () => {
        const grant = await requireFeature(request, "farm_mapping", FARM_WRITES);
        const id = farmId();
        if (intent === "createPlot") await createPlot(id, grant, submission.value);
        else await updatePlot(id, plotId(), grant, submission.value);
        return success(id);
      },
      { submission },
    );
  }

  return answerIntent(request, intent, async () => {
    if (intent === "select") {
      // Selecting a farm is a use of farm mapping (the trial's one, for a new account).
      const farm = await getFarm(farmId(), user.id);
      await recordFeatureUse(user.id, "farm_mapping");
      return success(farm.id);
    }
    // Every other intent changes a farm: the same gate as the API's farm writes (a refusal is the form's reply).
    const grant = await requireFeature(request, "farm_mapping", FARM_WRITES);
    switch (intent) {
      case "deleteFarm": {
        const id = farmId();
        await deleteFarm(id, grant);
        return success(id);
      }
      case "boundary": {
        const farm = await updateFarm(farmId(), grant, { boundary: jsonField(form, "boundary") ?? null });
        return success(farm.id);
      }
      case "drawnPlot": {
        const id = farmId();
        const plot = await createPlot(
          id,
          grant,
          validate(plotCreateSchema, fields(form, "geometry"), { coder: plotIssueCode }),
        );
        // The page offers to rename the drawn plot at once (through updatePlot).
        const { name, type, crops } = plot;
        return pageSuccess<MappingIntent, MappingReplyData>(intent, {
          data: { farmId: id, plot: { id: plot.id, name, type, crops } },
        });
      }
      case "deletePlot": {
        const id = farmId();
        await deletePlot(id, plotId(), grant);
        return success(id);
      }
    }
  });
}

export default function Mapping() {
  const data = useLoaderData<typeof loader>();
  return <MappingPage {...data} />;
}

export const ErrorBoundary = pageErrorBoundary("MappingPage");
