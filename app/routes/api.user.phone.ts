import { phoneIssueCode, phoneSchema } from "~/modules/auth/schemas";
import { requireUser } from "~/modules/auth/gates.server";
import { readPhone, setPhone } from "~/modules/auth/users.server";
import { readJsonBody } from "~/server/http/api.server";
import { apiRoute } from "~/server/http/api-route.server";
import { validate } from "~/server/validation";

// The signed-in user's own phone, which buyers may see on the listings where
// the seller chooses to show it. GET reads it, PUT { phone } saves a Nigerian
// mobile number (stored as +234...), DELETE removes it.
const noStore = { "Cache-Control": "private, no-store" };

const route = apiRoute({
  GET: async ({ request }) => {
    const user = await requireUser(request);
    return Response.json({ success: true, data: { phone: await readPhone(user.id) } }, { headers: noStore });
  },
  PUT: async ({ request }) => {
    const user = await requireUser(request);
    const { phone } = validate(phoneSchema, await readJsonBody(request), { coder: phoneIssueCode });
    return Response.json(
      { success: true, data: { phone: await setPhone(user.id, phone) }, message: "Phone saved" },
      { headers: noStore },
    );
  },
  DELETE: async ({ request }) => {
    const user = await requireUser(request);
    await setPhone(user.id, null);
    return Response.json({ success: true, data: { phone: null }, message: "Phone removed" }, { headers: noStore });
  },
});

export const loader = route.loader;
export const action = route.action;
