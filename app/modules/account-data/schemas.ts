import { z } from "zod";
import { text } from "~/lib/text";

// Deleting the account is confirmed by its current password (Settings, DELETE /api/user/account).
export const deleteAccountSchema = z.object({
  password: text({
    min: 1,
    max: 1024,
    trim: false,
    normalize: false,
    required: "accountData.delete.passwordRequired",
  }),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
