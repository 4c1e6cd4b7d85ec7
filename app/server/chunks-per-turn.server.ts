import { Transform } from "node:stream";

/**
 * The page's bytes as React writes them, given on in one piece per turn of the event loop.
 * React's renderer writes a page in 2 KB pieces (about 90 for a marketplace page of 50 cards),
 * and each piece went alone through the web stream Remix answers with, Express, the compressor
 * and the socket: each a call to zlib and a write of its own. Whatever React writes in one turn
 * (the whole page when its data is ready, a streamed part later) leaves together at the turn's
 * end, so nothing waits longer than it did, and the work is done once per part instead of per piece.
 */
export function chunksPerTurn(): Transform {
  let pending: Buffer[] = [];
  let size = 0;
  let scheduled = false;
  const stream = new Transform({
    transform(chunk: Buffer | string, encoding, done) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk;
      pending.push(bytes);
      size += bytes.length;
      if (!scheduled) {
        scheduled = true;
        setImmediate(give);
      }
      done();
    },
    flush(done) {
      give();
      done();
    },
  });
  function give() {
    scheduled = false;
    if (pending.length === 0 || stream.destroyed) return;
    const piece = pending.length === 1 ? pending[0]! : Buffer.concat(pending, size);
    pending = [];
    size = 0;
    stream.push(piece);
  }
  return stream;
}
