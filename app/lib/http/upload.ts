// Sending a file on a slow, costly connection: the bytes sent so far as they go (fetch cannot say
// them, XMLHttpRequest's upload events can), a way to stop, and a broken send tried again, not
// lost. A send is tried again only when it broke before the whole body had left the phone: then
// the server cannot have acted on it. One that broke after (while waiting for the answer) is not
// sent twice; the caller says so.

export interface UploadProgress {
  sent: number;
  total: number;
}

export interface UploadAnswer {
  status: number;
  statusText: string;
  text: string;
}

export class UploadBrokenError extends Error {
  override readonly name = "UploadBrokenError";
  constructor(
    /** Whether the whole body had left the phone (the server may have it). */
    readonly bodySent: boolean,
  ) {
    super(bodySent ? "The connection broke while waiting for the answer" : "The connection broke while sending");
  }
}

export interface UploadOptions {
  signal: AbortSignal;
  headers?: Record<string, string>;
  onProgress?: (progress: UploadProgress) => void;
  /** Told when a send broke and will be tried again (2, 3...), before the pause. */
  onRetry?: (attempt: number, attempts: number) => void;
  /** Tries in all while the body breaks on the way. */
  attempts?: number;
  /** A try that has sent nothing new for this long has stalled. */
  stallMs?: number;
  /** Waits before the second try, the third... */
  retryDelaysMs?: number[];
}

function abortError(signal: AbortSignal) {
  return signal.reason instanceof Error ? signal.reason : new DOMException("Aborted", "AbortError");
}

/** Waits `ms`, then, while the browser says it has no connection, until it has one again. */
async function waitForSignal(ms: number, signal: AbortSignal) {
  await wait(ms, signal);
  if (typeof navigator === "undefined" || navigator.onLine !== false || typeof window === "undefined") return;
  await new Promise<void>((resolve, reject) => {
    const onOnline = () => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    };
    const onAbort = () => {
      window.removeEventListener("online", onOnline);
      reject(abortError(signal));
    };
    window.addEventListener("online", onOnline, { once: true });
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

function wait(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(abortError(signal));
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

function sendOnce(url: string, body: FormData, options: UploadOptions): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const { signal } = options;
    if (signal.aborted) return reject(abortError(signal));
    const xhr = new XMLHttpRequest();
    let bodySent = false;
    let stall: ReturnType<typeof setTimeout> | undefined;
    const stallMs = options.stallMs ?? 60_000;
    const watch = () => {
      clearTimeout(stall);
      stall = setTimeout(() => xhr.abort(), stallMs);
    };
    const finish = () => {
      clearTimeout(stall);
      signal.removeEventListener("abort", onAbort);
    };
    const onAbort = () => xhr.abort();
    signal.addEventListener("abort", onAbort, { once: true });
    xhr.open("POST", url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      watch();
      if (event.lengthComputable) options.onProgress?.({ sent: event.loaded, total: event.total });
    };
    xhr.upload.onload = () => {
      bodySent = true;
      // The server may think for a while (an analysis answers at once; a photo is checked first).
      watch();
    };
    xhr.onload = () => {
      finish();
      resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    };
    xhr.onerror = () => {
      finish();
      reject(new UploadBrokenError(bodySent));
    };
    xhr.onabort = () => {
      finish();
      reject(signal.aborted ? abortError(signal) : new UploadBrokenError(bodySent));
    };
    watch();
    xhr.send(body);
  });
}

/** POSTs a multipart body with its progress, trying again (after a pause) while it breaks on the way. */
export async function postWithProgress(url: string, body: FormData, options: UploadOptions): Promise<UploadAnswer> {
  const attempts = options.attempts ?? 3;
  const delays = options.retryDelaysMs ?? [1_000, 3_000, 8_000];
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await sendOnce(url, body, options);
    } catch (error) {
      if (options.signal.aborted) throw abortError(options.signal);
      if (!(error instanceof UploadBrokenError) || error.bodySent || attempt >= attempts) throw error;
      // Said at once; sent again after a pause, and not before the connection is back.
      options.onRetry?.(attempt + 1, attempts);
      await waitForSignal(delays[attempt - 1] ?? delays.at(-1) ?? 1_000, options.signal);
    }
  }
}
