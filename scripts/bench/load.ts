// What both benchmarks measure with: closed-loop load (a fixed number of requests, so many in
// flight at a time) and its percentiles.

export interface Measured {
  /** Each request's time, in milliseconds. */
  times: number[];
  wallMs: number;
}

export function percentile(sorted: readonly number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * `total` runs of `run`, `concurrency` at a time, each one timed; with `limitMs`, no run begins
 * after that long (a slow line measures fewer requests instead of taking minutes).
 */
export async function load(
  total: number,
  concurrency: number,
  run: () => Promise<void>,
  limitMs = Number.POSITIVE_INFINITY,
): Promise<Measured> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total && performance.now() - started < limitMs) {
        next += 1;
        const t0 = performance.now();
        await run();
        times.push(performance.now() - t0);
      }
    }),
  );
  return { times, wallMs: performance.now() - started };
}

/** p50, p95, p99, the slowest and the throughput of a measurement. */
export function summarise(measured: Measured) {
  const sorted = [...measured.times].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    perSecond: measured.wallMs > 0 ? (sorted.length / measured.wallMs) * 1000 : 0,
  };
}
