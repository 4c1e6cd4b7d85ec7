import { getEnv, type Env } from "~/env.server";
import { POLICIES_UPDATED } from "./constants";

// What the Privacy Policy and the Terms name from this deployment's configuration: who runs the
// site and how to reach them, and which outside services actually receive data (a service that is
// not configured receives nothing, so the policy does not name it).
export function legalFacts(env: Env = getEnv()) {
  const ai = [
    env.OPENAI_API_KEY ? "OpenAI" : null,
    env.ANTHROPIC_API_KEY ? "Anthropic" : null,
    env.GEMINI_API_KEY ? "Google (Gemini)" : null,
  ].filter((name): name is string => name !== null);
  const storage = env.S3_BUCKET
    ? [env.S3_ENDPOINT ? new URL(env.S3_ENDPOINT).hostname : "Amazon Web Services (S3)"]
    : [];
  return {
    // Unset, the pages speak of "the operator of this site" rather than inventing a name.
    operator: env.OPERATOR_NAME ?? null,
    address: env.OPERATOR_ADDRESS ?? null,
    email: env.SUPPORT_EMAIL,
    updated: POLICIES_UPDATED,
    processors: {
      payments: [env.PAYSTACK_SECRET_KEY ? "Paystack" : null, env.STRIPE_SECRET_KEY ? "Stripe" : null].filter(
        (name): name is string => name !== null,
      ),
      ai,
      storage,
      // A farm's place, rounded, for its forecast and soil.
      places: [env.WEATHER_URL ? "Open-Meteo" : null, env.SOIL_URL ? "ISRIC SoilGrids" : null].filter(
        (name): name is string => name !== null,
      ),
    },
  };
}
export type LegalFacts = ReturnType<typeof legalFacts>;
