/**
 * Reads a value every `intervalMs` until it is settled or `timeoutMs` has
 * passed, and answers the last value read (used to wait briefly for a worker).
 */
export async function waitUntilSettled<T>(
  read: () => Promise<T>,
  settled: (value: T) => boolean,
  timeoutMs: number,
  intervalMs = 150,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (settled(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
