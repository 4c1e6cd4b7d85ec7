import type { Localized } from "../names";

// The shape of the built-in screening's knowledge base. Every text carries its
// five languages side by side ({ en, fr, ha, ig, yo }), so a native speaker can
// correct one in one place; `{{name}}` placeholders are filled with numbers or names.

export type { Localized };

/** What the knowledge base says about one condition: 2-4 sentences each, and 3-6 short recommendations. */
export interface Advice {
  diagnosis: Localized;
  treatment: Localized;
  recommendations: readonly Localized[];
}
