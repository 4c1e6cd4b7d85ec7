import http from "node:http";
import sharp from "sharp";

// What a curious client might ask the web server for, hoping to get an uploaded photo's original
// (metadata and GPS position included): the upload's id under every name and folder, encoded,
// doubled and dotted paths, other widths and endings, the folders originals live in. Sent as
// written (node:http, not fetch, which would resolve dot segments before sending).

/** A phone photo: a JPEG whose metadata names the phone and carries a GPS position. */
export function photoWithGps() {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: "#4a7c3a" } })
    .jpeg()
    .withMetadata({
      exif: {
        IFD0: { Make: "TestPhone", Model: "Original 1" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "7/1 22/1 39/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "3/1 56/1 49/1",
        },
      },
    })
    .toBuffer();
}

/** The addresses a processed photo is served at: the only ones that may ever answer with it. */
export const servedSizes = (id: string) => [
  `/uploads/${id}/320.webp`,
  `/uploads/${id}/800.webp`,
  `/uploads/${id}/1600.webp`,
];

/** Every other address that names the upload (or where its original might be). */
export function guessedAddresses(id: string): string[] {
  const encodedId = [...id].map((char) => `%${char.charCodeAt(0).toString(16).padStart(2, "0")}`).join("");
  return [
    `/uploads/originals/${id}`,
    `/uploads/originals/${id}.jpg`,
    `/uploads/ORIGINALS/${id}`,
    `/uploads/%6Friginals/${id}`,
    `/uploads/originals%2F${id}`,
    `/uploads/originals%2f${id}`,
    `/uploads/%2E%2E/originals/${id}`,
    `/uploads/..%2Foriginals%2F${id}`,
    `/uploads/${id}/..%2F..%2Foriginals%2F${id}`,
    `/uploads/${id}/../originals/${id}`,
    `/uploads/./originals/${id}`,
    `/uploads//originals/${id}`,
    `/uploads/originals/./${id}`,
    `/uploads/originals/${encodedId}`,
    `/uploads/../originals/${id}`,
    `/uploads/..%2F..%2Foriginals/${id}`,
    `/uploads/..%2F..%2Fdata%2Foriginals%2F${id}`,
    `/uploads/%2e%2e%2f%2e%2e%2fdata%2foriginals%2f${id}`,
    `/uploads/..%5c..%5cdata%5coriginals%5c${id}`,
    `/originals/${id}`,
    `/data/originals/${id}`,
    `/data/uploads/originals/${id}`,
    `/uploads/${id}`,
    `/uploads/${id}/`,
    `/uploads/${id}/original`,
    `/uploads/${id}/original.jpg`,
    `/uploads/${id}/original.webp`,
    `/uploads/${id}.jpg`,
    `/uploads/${id}.webp`,
    `/uploads/${id}/800.jpg`,
    `/uploads/${id}/800.WEBP`,
    `/uploads/${id}/0.webp`,
    `/uploads/${id}/801.webp`,
    `/uploads/${id}/800.webp.jpg`,
    `/uploads/${id}/800.webp%00`,
    `/uploads/${id}%00/800.webp`,
    `/uploads/${id}/800.webp/..`,
    `/uploads/${id}/800.webp;.jpg`,
    `/uploads/${encodedId}/800.webp/../../originals/${id}`,
    `/uploads/private/${id}/800.webp`,
    `/uploads/private/${id}`,
    `/uploads/originals/800.webp`,
    `/api/uploads/${id}`,
    `/api/uploads?id=${id}`,
    `/api/ai/analyses/${id}/photo`,
  ];
}

/** A GET of `rawPath` exactly as written; the status, the content type and the body's bytes. */
export function rawGet(baseUrl: string, rawPath: string) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise<{ status: number; type: string; body: Buffer }>((resolve, reject) => {
    const request = http.request({ host: hostname, port, path: rawPath, method: "GET" }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          type: String(response.headers["content-type"] ?? ""),
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

/**
 * Asks every address that names the upload and answers, for each one that answered 200, what it
 * sent: 'webp' (a photo the server made, without metadata), or 'ORIGINAL' when the bytes carry the
 * original's (its metadata, or the whole file), or 'other'.
 */
export async function whatAnswers(baseUrl: string, id: string, original: Buffer) {
  const answered: Record<string, "webp" | "ORIGINAL" | "other"> = {};
  for (const address of [...servedSizes(id), ...guessedAddresses(id)]) {
    const { status, body } = await rawGet(baseUrl, address);
    if (status !== 200) continue;
    if (body.includes(original) || body.includes("TestPhone") || body.includes(original.subarray(0, 64)))
      answered[address] = "ORIGINAL";
    else {
      const metadata = await sharp(body)
        .metadata()
        .catch(() => null);
      answered[address] = metadata?.format === "webp" && !metadata.exif ? "webp" : "other";
    }
  }
  return answered;
}
