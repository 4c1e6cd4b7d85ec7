// A stand-in XMLHttpRequest for unit tests of what the browser sends with upload progress: each
// request made is kept, and the test drives it (bytes leaving, the body sent, the answer, a broken
// connection) as a real one would happen.

type Handler = ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;

export class FakeXhr {
  static made: FakeXhr[] = [];
  static get last() {
    return FakeXhr.made.at(-1);
  }
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown = null;
  withCredentials = false;
  aborted = false;
  status = 0;
  statusText = "";
  responseText = "";
  upload: { onprogress: Handler; onload: Handler } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.made.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  /** Bytes have left the phone. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }
  /** The whole body has left. */
  bodySent() {
    this.upload.onload?.({ loaded: 0, total: 0, lengthComputable: false });
  }
  answer(status: number, body: unknown, statusText = "") {
    this.status = status;
    this.statusText = statusText;
    this.responseText = typeof body === "string" ? body : JSON.stringify(body);
    this.onload?.();
  }
  /** The connection breaks. */
  fail() {
    this.onerror?.();
  }
}
