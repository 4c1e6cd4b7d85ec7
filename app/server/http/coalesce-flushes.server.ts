import type { RequestHandler, Response } from "express";

/**
 * Remix flushes the compressor after every chunk it writes, so that streamed parts of a page
 * (and server-sent events) leave at once. React writes a page in hundreds of small chunks: a
 * flush after each cut gzip's output to a quarter of its strength (a 190 KB page came to 73 KB
 * instead of 17 KB) and cost a write each. Flushes asked for in one turn of the event loop are
 * made once, at its end: whatever is written in a later turn still leaves without waiting.
 * Goes after compression(), which gives the answer its `flush`.
 */
export const coalesceFlushes: RequestHandler = (_req, res, next) => {
  const flushable = res as Response & { flush?: () => void };
  const flush = flushable.flush;
  if (typeof flush === "function") {
    let pending = false;
    flushable.flush = () => {
      if (pending) return;
      pending = true;
      setImmediate(() => {
        pending = false;
        if (!res.writableEnded) flush.call(res);
      });
    };
  }
  next();
};
