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
});
