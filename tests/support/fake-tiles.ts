import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";

// A local map tile server for the browser tests, standing in for a tile source whose terms allow
// keeping tiles offline: GET /<layer>/<z>/<x>/<y>.png answers a 256×256 PNG (a colour of its own
// for each tile, so two tiles are two images), with Access-Control-Allow-Origin as such servers
// send it, and no-store, so a tile shown without signal can only be one the app kept; anything else 404.

function crc32(bytes: Buffer) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A plain 256×256 RGB PNG of one colour. */
export function plainTile(red: number, green: number, blue: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(256, 0);
  header.writeUInt32BE(256, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.alloc(1 + 256 * 3);
  for (let x = 0; x < 256; x += 1) row.set([red, green, blue], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: 256 }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export async function startFakeTiles() {
  let served = 0;
  const server = http.createServer((request, response) => {
    const match = /^\/([a-z]+)\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(request.url ?? "");
    if (request.method !== "GET" || !match) {
      response.writeHead(404, { "Access-Control-Allow-Origin": "*" });
      response.end();
      return;
    }
    served += 1;
    const [, , z, x, y] = match.map(Number);
    response.writeHead(200, {
      "Content-Type": "image/png",
      "Access-Control-Allow-Origin": "*",
      // Never from the browser's own cache: a tile seen offline is one the app kept.
      "Cache-Control": "no-store",
    });
    response.end(plainTile(120 + ((x! * 7) % 60), 160 + ((y! * 5) % 60), 80 + ((z! * 11) % 60)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get served() {
      return served;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
