import { Transform } from "node:stream";
import { HELD_UNTIL_PAINT } from "~/components/shell/paint-first";

const HOLDS = HELD_UNTIL_PAINT.map(([sent, held]) => [Buffer.from(sent), Buffer.from(held)] as const);

/** `piece` with what is held until the first paint under its held name (app/components/shell/paint-first.ts). */
function holdUntilPainted(piece: Buffer): Buffer {
  for (const [sent, held] of HOLDS) {
    let at = piece.indexOf(sent);
    if (at < 0) continue;
    const parts: Buffer[] = [];
    let from = 0;
    while (at >= 0) {
      parts.push(piece.subarray(from, at), held);
      from = at + sent.length;
      at = piece.indexOf(sent, from);
    }
    parts.push(piece.subarray(from));
    piece = Buffer.concat(parts);
  }
  return piece;
}

/** How many bytes at the end of `piece` could be the start of something held that the next piece finishes. */
function partialHoldAtEnd(piece: Buffer): number {
  let longest = 0;
  for (const [sent] of HOLDS)
    for (let length = Math.min(sent.length - 1, piece.length); length > longest; length -= 1)
      if (piece.subarray(piece.length - length).equals(sent.subarray(0, length))) {
        longest = length;
        break;
      }
  return longest;
}

/**
 * The page's bytes as React writes them, given on in one piece per turn of the event loop.
 * React's renderer writes a page in 2 KB pieces (about 90 for a marketplace page of 50 cards),
 * and each piece went alone through the web stream Remix answers with, Express, the compressor
 * and the socket: each a call to zlib and a write of its own. Whatever React writes in one turn
 * (the whole page when its data is ready, a streamed part later) leaves together at the turn's
 * end, so nothing waits longer than it did, and the work is done once per part instead of per piece.
 * With `holdUntilPaint`, Remix's module preloads and module script leave under names the browser
 * ignores until the page has painted (app/components/shell/paint-first.ts); one cut between two
 * turns (React ends a turn's writing at the end of a tag, so this does not happen, but nothing
 * promises it) is kept back until the next turn completes it.
 */
export function chunksPerTurn({ holdUntilPaint = false } = {}): Transform {
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
    if (holdUntilPaint) {
      piece = holdUntilPainted(piece);
      const partial = last ? 0 : partialHoldAtEnd(piece);
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
