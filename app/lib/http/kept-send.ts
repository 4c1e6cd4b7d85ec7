// Sending something the phone kept while there was no signal (a plot drawn in the field, a listing
// written offline): each is sent with its own id as the Idempotency-Key, so a send whose answer
// was lost and is sent again does the write once. The answer is read three ways: sent; refused,
// with the server's reason in the reader's language (kept and shown, never sent again as it is);
// or to be tried later (no connection, the server failing or busy), in which case it waits.

export type KeptSendOutcome = { sent: true } | { refused: string } | { later: true };

/** Whether an answer with this status means "try again later" rather than "refused": the server failing, a time-out, busy. */
export function mustWait(status: number): boolean {
  return status >= 500 || status === 408 || status === 409 || status === 429;
}

/** The API's error message in an answer's body, or the status text where the body is not the API's JSON. */
export async function refusalReason(response: Response): Promise<string> {
  let reason = response.statusText || String(response.status);
  try {
    const answer = (await response.json()) as { error?: { message?: unknown } };
    if (typeof answer.error?.message === "string" && answer.error.message) reason = answer.error.message;
  } catch {
    // Not the API's JSON: the status says it.
  }
  return reason;
}

/** Sends `body` as JSON with `key` as its Idempotency-Key and reads the outcome. */
export async function sendKept(
  method: "POST" | "PATCH",
  url: string,
  body: unknown,
  key: string,
): Promise<KeptSendOutcome> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: "include",
      headers: { "Content-Type": "application/json", "Idempotency-Key": key },
      body: JSON.stringify(body),
    });
  } catch {
    return { later: true };
  }
  if (response.ok) return { sent: true };
  if (mustWait(response.status)) return { later: true };
  return { refused: await refusalReason(response) };
}
