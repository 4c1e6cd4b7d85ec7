import { useRouteLoaderData } from "@remix-run/react";
// Type only: components read the root loader's data without loading the root
// route's server modules (sessions, database).
import type { loader } from "~/root";
import { PUBLIC_ENV_DEFAULTS, type PublicEnv } from "./public-env";

/** The root loader's data (language, theme, user, public configuration); undefined where the root has not loaded, as in some error boundaries. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/** The public configuration, or its defaults when the root data is missing. */
export function usePublicEnv(): PublicEnv {
  return useRootData()?.env ?? PUBLIC_ENV_DEFAULTS;
}
