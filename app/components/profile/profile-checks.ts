import { parseWithZod } from "@conform-to/zod/v4";
import {
  passwordChangeSchema,
  passwordSetSchema,
  phoneSchema,
  profileSchema,
  ussdPinSchema,
} from "~/modules/auth/schemas";
import { phoneCodeSchema } from "~/modules/phones/schemas";

// The Profile's forms checked in the browser, with the schemas the page's action checks them with
// on the server. Loaded at the first use of a form (app/lib/use-checks-on-use.ts), with zod.

export const profileChecks = {
  profile: (formData: FormData) => parseWithZod(formData, { schema: profileSchema }),
  password: (formData: FormData, first: boolean) =>
    parseWithZod(formData, { schema: first ? passwordSetSchema : passwordChangeSchema }),
  ussdPin: (formData: FormData) => parseWithZod(formData, { schema: ussdPinSchema }),
  phone: (formData: FormData) => parseWithZod(formData, { schema: phoneSchema }),
  phoneCode: (formData: FormData) => parseWithZod(formData, { schema: phoneCodeSchema }),
};

export type ProfileChecks = typeof profileChecks;
