// Stand-ins for the browser's fetch in the network layer's unit tests.

/** Never answers; rejects with the signal's reason once aborted, as fetch does. */
export const neverAnswers: typeof fetch = (_input, init) =>
  new Promise<Response>((_resolve, reject) => {
    const signal = init?.signal;
    signal?.addEventListener("abort", () => reject(signal.reason));
  });

/** The promise's outcome (value or rejection reason), and whether it has come yet. */
export function track<T>(promise: Promise<T>) {
  const state = { settled: false };
  const outcome = promise.then(
    (value) => value,
    (error: unknown) => error,
  );
  void outcome.finally(() => {
    state.settled = true;
  });
  return { state, outcome };
}
