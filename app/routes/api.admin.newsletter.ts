import { requireAdmin } from "~/modules/auth/gates.server";
import { newsletterCsv } from "~/modules/newsletter/newsletter.server";
import { apiRoute } from "~/server/http/api-route.server";

// GET /api/admin/newsletter: the newsletter's subscribers as CSV (email, language,
// subscribed_at, unsubscribe_url), for administrators only (limited per administrator).
const route = apiRoute({
  GET: async ({ request }) => {
    const admin = await requireAdmin(request);
    const csv = await newsletterCsv(admin.id);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="asiiko-newsletter-${day}.csv"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
});

export const loader = route.loader;
export const action = route.action;
