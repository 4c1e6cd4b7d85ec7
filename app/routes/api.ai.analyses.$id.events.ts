import { followAnalysis } from "~/modules/analysis/analysis.server";
import { getAnalysis, toView } from "~/modules/analysis/views.server";
import { requireUser } from "~/modules/auth/gates.server";
import { apiRoute } from "~/server/http/api-route.server";
import { detectLanguage } from "~/server/i18n.server";
import { logger } from "~/server/logger.server";

// GET /api/ai/analyses/{id}/events: the progress of one of the farmer's
// analyses as server-sent events. Each change of state is one `analysis`
// event carrying the analysis (as GET /api/ai/analyses/{id} answers it); the
// stream ends after the event that shows it finished (completed or failed).

/** A comment line now and then keeps proxies and phones from dropping a quiet connection. */
const HEARTBEAT_MS = 15_000;

const route = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireUser(request);
    const id = params.id ?? "";
    const language = detectLanguage(request);
    // Refused (404) before the stream starts.
    await getAnalysis(user.id, id);

    const encoder = new TextEncoder();
    const stop = new AbortController();
    request.signal.addEventListener("abort", () => stop.abort(), { once: true });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const send = (chunk: string) => {
          if (!stop.signal.aborted) controller.enqueue(encoder.encode(chunk));
        };
        // A browser that loses the connection comes back after 2 s (and gets the current state first).
        send("retry: 2000\n\n");
        const heartbeat = setInterval(() => send(": waiting\n\n"), HEARTBEAT_MS);
        followAnalysis(user.id, id, {
          signal: stop.signal,
          onChange: async (analysis) =>
            send(`event: analysis\ndata: ${JSON.stringify(await toView(analysis, language))}\n\n`),
        })
          .catch((error: unknown) => {
            if (!stop.signal.aborted)
              logger.warn({ err: error, analysisId: id }, "analysis progress stream ended early");
          })
          .finally(() => {
            clearInterval(heartbeat);
            if (!stop.signal.aborted) controller.close();
          });
      },
      cancel() {
        stop.abort();
      },
    });
    return new Response(body, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        // no-transform: compression (and any proxy) passes each event on as it comes instead of buffering.
        "Cache-Control": "private, no-store, no-transform",
        "X-Accel-Buffering": "no",
      },
    });
  },
});

export const loader = route.loader;
export const action = route.action;
