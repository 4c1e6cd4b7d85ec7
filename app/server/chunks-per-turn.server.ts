import { Transform } from "node:stream";
import { HELD_MODULE_PRELOAD, MODULE_PRELOAD } from "~/components/shell/paint-first";

const PRELOAD = Buffer.from(MODULE_PRELOAD);
const HELD = Buffer.from(HELD_MODULE_PRELOAD);

/** `piece` with every module preload held (app/components/shell/paint-first.ts). */
function holdPreloads(piece: Buffer): Buffer {
  let at = piece.indexOf(PRELOAD);
  if (at < 0) return piece;
  const parts: Buffer[] = [];
  let from = 0;
  while (at >= 0) {
    parts.push(piece.subarray(from, at), HELD);
    from = at + PRELOAD.length;
    at = piece.indexOf(PRELOAD, from);
  }
  parts.push(piece.subarray(from));
  return Buffer.concat(parts);
}

/** How many bytes at the end of `piece` could be the start of a preload the next piece finishes. */
function partialPreloadAtEnd(piece: Buffer): number {
  for (let length = Math.min(PRELOAD.length - 1, piece.length); length > 0; length -= 1)
    if (piece.subarray(piece.length - length).equals(PRELOAD.subarray(0, length))) return length;
  return 0;
}

/**
 * The page's bytes as React writes them, given on in one piece per turn of the event loop.
 * React's renderer writes a page in 2 KB pieces (about 90 for a marketplace page of 50 cards),
 * and each piece went alone through the web stream Remix answers with, Express, the compressor
 * and the socket: each a call to zlib and a write of its own. Whatever React writes in one turn
 * (the whole page when its data is ready, a streamed part later) leaves together at the turn's
 * end, so nothing waits longer than it did, and the work is done once per part instead of per piece.
 * With `holdModulePreloads`, Remix's module preloads leave under a name the browser ignores until
 * the page has painted (app/components/shell/paint-first.ts); a preload cut between two turns (React
 * ends a turn's writing at the end of a tag, so this does not happen, but nothing promises it) is
 * kept back until the next turn completes it.
 */
export function chunksPerTurn({ holdModulePreloads = false } = {}): Transform {
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
      give(true);
      done();
    },
  });
  function give(last = false) {
    scheduled = false;
    if (pending.length === 0 || stream.destroyed) return;
    let piece = pending.length === 1 ? pending[0]! : Buffer.concat(pending, size);
    pending = [];
    size = 0;
    if (holdModulePreloads) {
      piece = holdPreloads(piece);
      const partial = last ? 0 : partialPreloadAtEnd(piece);
      if (partial > 0) {
        pending = [piece.subarray(piece.length - partial)];
        size = partial;
        piece = piece.subarray(0, piece.length - partial);
        if (piece.length === 0) return;
      }
    }
    stream.push(piece);
  }
  return stream;
}
