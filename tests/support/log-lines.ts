import { EventEmitter } from "node:events";
import pino from "pino";

/** A real pino logger whose lines are kept, parsed, for a test to read or wait for. */
export function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const written = new EventEmitter();
  const logger = pino(
    { level: "info" },
    {
      write(line: string) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
        written.emit("line");
      },
    },
  );
  /** The first line matching `predicate`, once it is written. */
  function lineWhere(predicate: (line: Record<string, unknown>) => boolean) {
    return new Promise<Record<string, unknown>>((resolve) => {
      const check = () => {
        const found = lines.find(predicate);
        if (!found) return;
        written.off("line", check);
        resolve(found);
      };
      written.on("line", check);
      check();
    });
  }
  return { logger, lines, lineWhere };
}
