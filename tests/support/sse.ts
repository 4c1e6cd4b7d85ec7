// Reads a server-sent event stream as a browser's EventSource would, one event
// at a time, so a test sees each event as it arrives rather than the whole body.

export interface ServerEvent {
  event: string;
  data: string;
}

export async function readEvents(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { Accept: "text/event-stream", ...headers },
    signal: controller.signal,
  });
  if (!response.body) throw new Error(`no event stream from ${url} (status ${response.status})`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  let ended = false;

  /** The next event (comments and `retry:` lines skipped), or null once the stream has ended. */
  async function next(): Promise<ServerEvent | null> {
    for (;;) {
      const boundary = buffered.indexOf("\n\n");
      if (boundary !== -1) {
        const block = buffered.slice(0, boundary);
        buffered = buffered.slice(boundary + 2);
        let event = "message";
        const data: string[] = [];
        for (const line of block.split("\n")) {
          if (line.startsWith("event:")) event = line.slice(6).trim();
          else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
        }
        if (data.length) return { event, data: data.join("\n") };
        continue;
      }
      if (ended) return null;
      const { done, value } = await reader.read();
      if (done) ended = true;
      else buffered += value;
    }
  }

  return { status: response.status, headers: response.headers, next, close: () => controller.abort() };
}
