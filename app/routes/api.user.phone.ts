import { phoneIssueCode, phoneSchema } from "~/modules/auth/schemas";
import { requireUser } from "~/modules/auth/gates.server";
import { phoneState, removePhone, requestPhoneCode } from "~/modules/phones/verification.server";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { getFixedT } from "~/server/i18n.server";
import { validate } from "~/server/validation";

// The signed-in user's own phone. GET: { phone, verified, pending, takenAt }. PUT { phone }: texts
// a six-digit code to that Nigerian mobile number (any usual form, kept as +234...); the number is
// pending, and becomes the account's once POST /api/user/phone/verify confirms the code. DELETE
// removes it. Buyers only ever see a verified phone.
const noStore = { "Cache-Control": "private, no-store" };

const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireUser(request);
    return Response.json({ success: true, data: await phoneState(user.id) }, { headers: noStore });
  },
  PUT: async ({ request, context }) => {
    const user = await requireUser(request);
    const { phone } = validate(phoneSchema, await readJsonBody(request), { coder: phoneIssueCode });
    const { sent, state } = await requestPhoneCode(user, phone, context.clientIp);
    const t = await getFixedT(request);
    return Response.json(
      { success: true, data: state, message: t(sent ? "phoneCheck.codeSent" : "phoneCheck.alreadyVerified") },
      { headers: noStore },
    );
  },
  DELETE: async ({ request }) => {
    const user = await requireUser(request);
    const t = await getFixedT(request);
    return Response.json(
      { success: true, data: await removePhone(user.id), message: t("phoneCheck.removed") },
      { headers: noStore },
    );
  },
});

export const loader = route.loader;
export const action = route.action;
