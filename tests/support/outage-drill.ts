import { runTraffic, until, type Sent, type TrafficKind } from "./traffic";

// What the fault drills share: traffic from a few simulated users while a service goes away
// and comes back, every answer kept; waiting until each kind of request is served; and what
// the checks read from the answers: the faults, what was asked during the outage, and what
// became of the listings the server acknowledged. Each drill keeps its own expectations.
// Nothing here imports the database client at load: a drill may first point DATABASE_URL elsewhere.

/** The listings a drill's seller posts, each titled `${name} ${tag}` so its answer can be found in the database. */
export function drillListing(name: string, fields: { priceNgn: string; quantity: number; image: string }) {
  const title = (tag: string) => `${name} ${tag}`;
  const body = (tag: string) => ({
    title: title(tag),
    custom: true,
    priceNgn: fields.priceNgn,
    quantity: fields.quantity,
    condition: "new",
    images: [fields.image],
    status: "active",
  });
  return {
    title,
    /** The traffic kind that posts them (`listingOutcome` reads its answers). */
    posted: (cookie: string, options: Pick<TrafficKind, "spoofAddress"> = {}): TrafficKind => ({
      kind: "create listing",
      method: "POST",
      path: "/api/market/listings",
      cookie,
      body,
      ...options,
    }),
  };
}

export type DrillListing = ReturnType<typeof drillListing>;

/** Starts `users` simulated users sending `kinds` in turn to `baseUrl`; `stop()` resolves with every answer. */
export function outageDrill(baseUrl: string, kinds: TrafficKind[], users: number) {
  const traffic = runTraffic(baseUrl, kinds, users);
  const names = [...new Set(kinds.map((kind) => kind.kind))];
  const served = (since: number) => (kind: string) =>
    traffic.sent.some((answer) => answer.kind === kind && answer.startedAt >= since && answer.status < 400);
  return {
    /** Waits until every kind of request asked since `since` has been served (below 400). */
    everyKindServed: (since: number, ms: number, what: string) => until(() => names.every(served(since)), ms, what),
    /**
     * Takes the service away (`stop`), does `meanwhile` (its result is `result`), and brings the
     * service back (`start`) once `ms` have passed since it went; says when it went and came back.
     */
    async outage<T>(
      ms: number,
      service: { stop: () => Promise<unknown>; start: () => Promise<unknown> },
      meanwhile?: () => Promise<T>,
    ) {
      const stoppedAt = Date.now();
      await service.stop();
      const result = await meanwhile?.();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, stoppedAt + ms - Date.now())));
      await service.start();
      return { stoppedAt, backAt: Date.now(), result };
    },
    stop: () => traffic.stop(),
  };
}

/** An answer in a few words, for the list a failed expectation prints: when it was asked, after `since`. */
export const describeAnswer = (since: number) => (answer: Sent) =>
  `${answer.kind} ${answer.status} ${answer.code ?? ""} after ${answer.startedAt - since} ms`;

/** The faults of a drill with a service away: no whole answer, or a 5xx other than 503 (the service is away). */
export const faultsOf = (sent: Sent[]) =>
  sent.filter((answer) => answer.status === 0 || (answer.status >= 500 && answer.status !== 503));

/** The answers asked from `from` on and answered by `to`. */
export const askedAndAnsweredBetween = (sent: Sent[], from: number, to: number) =>
  sent.filter((answer) => answer.startedAt >= from && answer.endedAt <= to);

/** How long the slowest of these answers took, in milliseconds. */
export const slowest = (sent: Sent[]) => Math.max(...sent.map((answer) => answer.endedAt - answer.startedAt));

/**
 * What became of the drill's new listings: the titles the server acknowledged (201), those it
 * never answered, the seller's stored ones, and `lost`: acknowledged but not stored.
 */
export async function listingOutcome(sent: Sent[], listing: DrillListing, sellerId: string) {
  const { prisma } = await import("~/server/db.server");
  const creates = sent.filter((answer) => answer.kind === "create listing");
  const titles = (status: number) =>
    creates.filter((answer) => answer.status === status).map((answer) => listing.title(answer.tag!));
  const acknowledged = titles(201);
  const stored = (await prisma.listing.findMany({ where: { sellerId }, select: { title: true } })).map(
    (row) => row.title,
  );
  return {
    acknowledged,
    unanswered: titles(0),
    stored,
    lost: acknowledged.filter((title) => !stored.includes(title)),
  };
}
