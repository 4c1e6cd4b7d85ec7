import { perUser, requireUser } from "~/modules/auth/gates.server";
import { CONFIRM_LIMIT } from "~/modules/phones/constants";
import { phoneCodeSchema } from "~/modules/phones/schemas";
import { confirmPhoneCode } from "~/modules/phones/verification.server";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { getFixedT } from "~/server/i18n.server";
import { validate } from "~/server/validation";

// POST { code }: confirms the code texted by PUT /api/user/phone; the number becomes the account's,
// verified. Wrong and expired codes answer 400 SEC_INVALID_TOKEN (each with its message), a code
// spent by five wrong tries 400 SEC_INVALID_TOKEN; a code that is not six digits 400
// VLD_REQUIRED_FIELD.
const route = apiRoute({
  POST: async ({ request }) => {
    const user = await requireUser(request, { limits: perUser(CONFIRM_LIMIT) });
    const { code } = validate(phoneCodeSchema, await readJsonBody(request));
    const state = await confirmPhoneCode(user.id, code);
    const t = await getFixedT(request);
    return Response.json(
      { success: true, data: state, message: t("phoneCheck.verified") },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  },
});

export const loader = route.loader;
export const action = route.action;
