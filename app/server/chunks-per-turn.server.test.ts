import { describe, expect, it } from "vitest";
import { chunksPerTurn } from "./chunks-per-turn.server";

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("chunksPerTurn", () => {
  it("gives what was written in one turn as one piece, in order, and a later turn's apart", async () => {
    const stream = chunksPerTurn();
    const pieces: string[] = [];
    stream.on("data", (piece: Buffer) => pieces.push(piece.toString("utf8")));
    stream.write("<html>");
    stream.write(Buffer.from("<body>ẹ̀"));
    stream.write("</body>");
    await turn();
    await turn();
    expect(pieces).toEqual(["<html><body>ẹ̀</body>"]);
    stream.write("<script>later</script>");
    stream.end("</html>");
    await new Promise((resolve) => stream.on("end", resolve));
    expect(pieces).toEqual(["<html><body>ẹ̀</body>", "<script>later</script></html>"]);
  });

  it("ends with whatever was still waiting, and an empty page ends empty", async () => {
    const stream = chunksPerTurn();
    const pieces: Buffer[] = [];
    stream.on("data", (piece: Buffer) => pieces.push(piece));
    stream.end("only");
    await new Promise((resolve) => stream.on("end", resolve));
    expect(Buffer.concat(pieces).toString()).toBe("only");

    const empty = chunksPerTurn();
    const none: Buffer[] = [];
    empty.on("data", (piece: Buffer) => none.push(piece));
    empty.end();
    await new Promise((resolve) => empty.on("end", resolve));
    expect(none).toEqual([]);
  });

  it("gives nothing after it was destroyed (the reader went away)", async () => {
    const stream = chunksPerTurn();
    const pieces: Buffer[] = [];
    stream.on("data", (piece: Buffer) => pieces.push(piece));
    stream.on("error", () => {});
    stream.write("half a page");
    stream.destroy();
    await turn();
    await turn();
    expect(pieces).toEqual([]);
  });

  describe("holding the module preloads until the page has painted", () => {
    /** What `stream` gives, written as `turns` (one array per turn of the event loop). */
    async function through(stream: ReturnType<typeof chunksPerTurn>, turns: string[][]) {
      const pieces: string[] = [];
      stream.on("data", (piece: Buffer) => pieces.push(piece.toString("utf8")));
      for (const [index, writes] of turns.entries()) {
        for (const write of writes) stream.write(write);
        if (index < turns.length - 1) {
          await turn();
          await turn();
        }
      }
      stream.end();
      await new Promise((resolve) => stream.on("end", resolve));
      return pieces;
    }

    it("sends every module preload under the held name, and the rest of the page as written", async () => {
      const page = [
        '<link rel="stylesheet" href="/assets/tailwind.css"/>',
        '<p>rel="modulepreload" as text is escaped by React: &quot;</p>',
        '<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/context.js"/>',
        "<script>ẹ̀</script>",
      ];
      const pieces = await through(chunksPerTurn({ holdUntilPaint: true }), [page]);
      expect(pieces.join("")).toBe(page.join("").replaceAll('rel="modulepreload"', 'rel="x-modulepreload"'));
      expect(pieces.join("")).not.toMatch(/rel="modulepreload"/);
    });

    it("holds a preload cut between two turns: the cut end waits for the turn that completes it", async () => {
      const pieces = await through(chunksPerTurn({ holdUntilPaint: true }), [
        ['<main>cards</main><link rel="module'],
        ['preload" href="/assets/a.js"/><link r'],
        ['el="stylesheet"/>'],
      ]);
      expect(pieces).toEqual([
        "<main>cards</main><link ",
        'rel="x-modulepreload" href="/assets/a.js"/><link ',
        'rel="stylesheet"/>',
      ]);
    });

    it("sends Remix's module script under a type the browser does not run, and a cut one too", async () => {
      const script = '<script nonce="n0nce" type="module" async="">import * as route0 from "/assets/root.js";</script>';
      const whole = await through(chunksPerTurn({ holdUntilPaint: true }), [[`<main>cards</main>${script}`]]);
      expect(whole.join("")).toBe(`<main>cards</main>${script.replace('type="module"', 'type="x-module"')}`);
      const cut = await through(chunksPerTurn({ holdUntilPaint: true }), [
        ['<main>cards</main><script nonce="n0nce" type="modu'],
        ['le" async="">import "/assets/manifest.js";</script>'],
      ]);
      expect(cut).toEqual([
        '<main>cards</main><script nonce="n0nce" ',
        'type="x-module" async="">import "/assets/manifest.js";</script>',
      ]);
    });

    it("ends with a cut end that never completed, as it was", async () => {
      const pieces = await through(chunksPerTurn({ holdUntilPaint: true }), [["<p>x</p><link rel="]]);
      expect(pieces.join("")).toBe("<p>x</p><link rel=");
    });

    it("leaves the page alone when not asked (the development server)", async () => {
      const page = '<link rel="modulepreload" href="/app/entry.client.tsx"/>';
      expect((await through(chunksPerTurn(), [[page]])).join("")).toBe(page);
    });
  });
});
