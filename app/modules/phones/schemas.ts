import { z } from "~/lib/zod";
import { text } from "~/lib/text";
import { CODE_LENGTH } from "./constants";

// The code typed back from a text: six digits, spaces allowed as people copy them ("123 456").

export const phoneCodeSchema = z.object({
  code: text({ min: 1, max: 20, required: "phoneCheck.errors.codeRequired", tooLong: "phoneCheck.errors.codeFormat" })
    .transform((value) => value.replace(/[\s\u00a0-]/g, ""))
    .refine((value) => new RegExp(`^\\d{${CODE_LENGTH}}$`).test(value), "phoneCheck.errors.codeFormat"),
});
