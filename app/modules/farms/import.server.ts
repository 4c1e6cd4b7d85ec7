import type { TFunction } from "i18next";
import { getEnv } from "~/env.server";
import type { Farm } from "~/generated/prisma/client";
import type { ImportedShape } from "~/modules/farms/boundary-file.server";
import {
  checkShapes,
  type CheckedShape,
  type FilePlan,
  type FilePlanInput,
  type PlanOptions,
} from "~/modules/farms/import-plan.server";
import { Refusal } from "~/server/refusal";
import { runInThread, ThreadStopped, type ThreadLimits } from "~/server/threads.server";

// Bringing a boundary file into a farm: the file is read and its shapes checked in a worker
// thread (import-plan.server.ts, run by app/threads/boundary-file.ts), never on the web
// process's event loop; here the plan comes back, with names made for the shapes the file left
// unnamed. The plan is the preview the farmer sees and, unchanged, what saving writes: the
// farms module saves it, worked out again from the same file.

export { fitCorners, ringOf, type ImportRole, type PlanOptions } from "~/modules/farms/import-plan.server";

export interface PlannedShape extends Omit<CheckedShape, "name"> {
  /** The name it will have: its placemark's, or one made up when it had none. */
  name: string;
  /** Whether the name came from the file. */
  named: boolean;
}

export interface ImportPlan extends Omit<FilePlan, "shapes"> {
  shapes: PlannedShape[];
}

/**
 * What a boundary file's thread may take: past either limit it is stopped and the file refused
 * as too large to read (413). A farm's map takes milliseconds and a few megabytes; the largest
 * files we have seen work (a 3.5 MB KML of 200 fields of 800 points, a 4.7 MB GeoJSON of 45 GPS
 * traces of 5,000 points) take one to five seconds and under 100 MB. A KML of more than about
 * 10 MB (unpacked from a KMZ) does not fit, and is refused.
 */
export const BOUNDARY_FILE_THREAD: ThreadLimits = {
  timeLimitMs: 15_000,
  resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8, stackSizeMb: 4 },
};

/** Reads the file and plans what each shape becomes, in a thread (refusals as boundary-file.server says). */
export async function planImport(
  bytes: Uint8Array,
  farm: Pick<Farm, "boundary">,
  options: PlanOptions,
  t: TFunction,
  limits: ThreadLimits = BOUNDARY_FILE_THREAD,
): Promise<ImportPlan> {
  const plan = await planFileInThread(
    { bytes, farmBoundary: farm.boundary, ...options, maxAreaHectares: getEnv().FARM_MAX_AREA_HECTARES },
    limits,
  );
  return { format: plan.format, skipped: plan.skipped, shapes: nameShapes(plan.shapes, t) };
}

/**
 * planFile in a thread of its own: a file that takes too long or too much memory to read is
 * refused (413 FILE_TOO_LARGE), and so, for a moment, is one arriving while every thread is
 * taken and others wait (503, Retry-After).
 */
export async function planFileInThread(input: FilePlanInput, limits: ThreadLimits = BOUNDARY_FILE_THREAD) {
  try {
    return await runInThread<FilePlan>("boundary-file", input, limits);
  } catch (error) {
    if (!(error instanceof ThreadStopped) || error.reason === "failed") throw error;
    if (error.reason === "busy")
      throw new Refusal("SYS_SERVICE_DEGRADED", "apiErrors.unavailable", { headers: { "Retry-After": "5" } });
    throw new Refusal("FILE_TOO_LARGE", "mapping.import.errors.tooLarge");
  }
}

/** The plan of shapes already read (on the caller's thread: for tests and small work). */
export function planShapes(
  shapes: readonly ImportedShape[],
  farm: Pick<Farm, "boundary">,
  options: PlanOptions,
  t: TFunction,
): PlannedShape[] {
  return nameShapes(
    checkShapes(shapes, farm.boundary, { ...options, maxAreaHectares: getEnv().FARM_MAX_AREA_HECTARES }),
    t,
  );
}

/** Each shape's name: the file's, or 'Imported shape N' for the Nth it left unnamed. */
function nameShapes(shapes: readonly CheckedShape[], t: TFunction): PlannedShape[] {
  let unnamed = 0;
  return shapes.map(({ name, ...shape }) => {
    if (name === null) unnamed += 1;
    return {
      ...shape,
      name: name ?? t("mapping.import.unnamed", { number: unnamed }),
      named: name !== null,
    };
  });
}
