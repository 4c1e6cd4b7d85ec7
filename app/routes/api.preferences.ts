import { z } from "zod";
import { LANGUAGE_CODES, LANGUAGE_STORAGE_KEY } from "~/lib/i18n";
import { preferenceCookie, THEME_STORAGE_KEY } from "~/lib/preferences";
import { sitePath } from "~/modules/auth/schemas";
import { readTextBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { Refusal } from "~/server/refusal";
import { validate } from "~/server/validation";

// The theme and language controls of the pages that run without the app's
// JavaScript (the landing page): a plain form posts here, the choice is kept in
// the same cookies the browser's controls write, and the reader goes back to
// the page they were on, now rendered in their choice.

/** Two short fields and a path: far less than this. */
const MAX_PREFERENCES_BYTES = 4 * 1024;

const preferencesSchema = z
  .object({
    theme: z.enum(["light", "dark"], { error: "preferences.errors.theme" }).optional(),
    language: z.enum(LANGUAGE_CODES as [string, ...string[]], { error: "preferences.errors.language" }).optional(),
    back: z.string().optional(),
  })
  .refine((choice) => choice.theme !== undefined || choice.language !== undefined, {
    error: "preferences.errors.empty",
  });

const route = apiRoute({
  // Public: a visitor chooses a theme and language too; only their own cookies change.
  POST: async ({ request }) => {
    if (!(request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded")) {
      throw new Refusal("FILE_INVALID_TYPE", "apiErrors.formRequired");
    }
    const fields = Object.fromEntries(new URLSearchParams(await readTextBody(request, MAX_PREFERENCES_BYTES)));
    const choice = validate(preferencesSchema, fields);
    const back = sitePath(choice.back);
    const headers = new Headers({
      Location: back && !back.startsWith("/api/") ? back : "/",
      "Cache-Control": "no-store",
    });
    if (choice.theme) headers.append("Set-Cookie", preferenceCookie(THEME_STORAGE_KEY, choice.theme));
    if (choice.language) headers.append("Set-Cookie", preferenceCookie(LANGUAGE_STORAGE_KEY, choice.language));
    return new Response(null, { status: 303, headers });
  },
});

export const loader = route.loader;
export const action = route.action;
