import autocannon from "autocannon";
import { percentile } from "./load";

// One address under closed-loop load with autocannon, as the server benchmarks measure it: every
// answer's time kept for the percentiles, and what failed counted (errors, time-outs, non-2xx).

export interface AddressMeasured {
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  requests: number;
  kbPerResponse: number;
}

/** `connections` always waiting on `url` for `duration` seconds. */
export async function measureAddress(
  url: string,
  headers: Record<string, string>,
  { duration, connections }: { duration: number; connections: number },
): Promise<AddressMeasured> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration, headers }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => {
      times.push(responseTime);
    });
  });
  times.sort((a, b) => a - b);
  return {
    perSecond: result.requests.total / duration,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    kbPerResponse: result.requests.total > 0 ? result.throughput.total / result.requests.total / 1024 : 0,
  };
}
