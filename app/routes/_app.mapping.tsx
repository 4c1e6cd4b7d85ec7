import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
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
  type MappingIntent,
  type MappingReplyData,
} from "~/modules/farms/schemas";
import { pageFeatureAccess } from "~/modules/premium/page-access.server";
import { recordFeatureUse } from "~/modules/premium/premium.server";
import { detectLanguage } from "~/server/i18n.server";
import { intent, pageActions } from "~/server/http/page-actions.server";
import { pageSuccess } from "~/server/http/page-reply.server";
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
    throw new Refusal("FARM_BOUNDARY_INVALID", "mapping.geometry.notFeature", {
      fields: { [name]: ["mapping.geometry.notFeature"] },
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

// Every intent but selecting changes a farm: the same gate as the API's farm writes (its refusal is the form's reply).
const farmWrites = (request: Request) => requireFeature(request, "farm_mapping", FARM_WRITES);

const farmId = (form: FormData) => validateValue(recordId("mapping.errors.farmNotFound"), form.get("farmId"));
const plotId = (form: FormData) => validateValue(recordId("mapping.errors.plotNotFound"), form.get("plotId"));
const success = (intent: MappingIntent, farmId: string) =>
  pageSuccess<MappingIntent, MappingReplyData>(intent, { data: { farmId } });

// The farm and plot dialogs: their schema is the authority, and a module's refusal of a field shows on that field.
export const action = pageActions(
  {
    select: intent({
      gate: requireUser,
      run: async ({ user, form }) => {
        // Selecting a farm is a use of farm mapping (the trial's one, for a new account).
        const farm = await getFarm(farmId(form), user.id);
        await recordFeatureUse(user.id, "farm_mapping");
        return success("select", farm.id);
      },
    }),
    createFarm: intent({
      gate: farmWrites,
      input: { form: farmFormSchema },
      run: async ({ user: grant, input }) => success("createFarm", (await createFarm(grant, input)).id),
    }),
    updateFarm: intent({
      gate: farmWrites,
      input: { form: farmFormSchema },
      run: async ({ user: grant, form, input }) => {
        // The dialog's emptied description removes it (in the API, a missing one is kept); an edit does not move the farm.
        const { name, description, crops } = input;
        const farm = await updateFarm(farmId(form), grant, { name, description: description ?? null, crops });
        return success("updateFarm", farm.id);
      },
    }),
    deleteFarm: intent({
      gate: farmWrites,
      run: async ({ user: grant, form }) => {
        const id = farmId(form);
        await deleteFarm(id, grant);
        return success("deleteFarm", id);
      },
    }),
    boundary: intent({
      gate: farmWrites,
      run: async ({ user: grant, form }) => {
        const farm = await updateFarm(farmId(form), grant, { boundary: jsonField(form, "boundary") ?? null });
        return success("boundary", farm.id);
      },
    }),
    createPlot: intent({
      gate: farmWrites,
      input: { form: plotFormSchema },
      run: async ({ user: grant, form, input }) => {
        const id = farmId(form);
        await createPlot(id, grant, input);
        return success("createPlot", id);
      },
    }),
    updatePlot: intent({
      gate: farmWrites,
      input: { form: plotFormSchema },
      run: async ({ user: grant, form, input }) => {
        const id = farmId(form);
        await updatePlot(id, plotId(form), grant, input);
        return success("updatePlot", id);
      },
    }),
    drawnPlot: intent({
      gate: farmWrites,
      run: async ({ user: grant, form }) => {
        const id = farmId(form);
        const plot = await createPlot(
          id,
          grant,
          validate(plotCreateSchema, fields(form, "geometry"), { coder: plotIssueCode }),
        );
        // The page offers to rename the drawn plot at once (through updatePlot).
        const { name, type, crops } = plot;
        return pageSuccess<MappingIntent, MappingReplyData>("drawnPlot", {
          data: { farmId: id, plot: { id: plot.id, name, type, crops } },
        });
      },
    }),
    deletePlot: intent({
      gate: farmWrites,
      run: async ({ user: grant, form }) => {
        const id = farmId(form);
        await deletePlot(id, plotId(form), grant);
        return success("deletePlot", id);
      },
    }),
  },
  // A walked boundary of 1,000 corners is larger than most forms.
  { maxBytes: MAPPING_JSON_BYTES },
);

export default function Mapping() {
  const data = useLoaderData<typeof loader>();
  return <MappingPage {...data} />;
}

export const ErrorBoundary = pageErrorBoundary("MappingPage");
