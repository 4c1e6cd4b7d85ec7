import http from "node:http";
import { newIp } from "./api-client";

/**
 * A form post with no Content-Length (chunked), `head` then `bytes` of filler, as a client that
 * never says how much it sends: answers the status the server gave, however early it gave it.
 */
export function postChunkedForm(baseUrl: string, path: string, cookie: string, head: string, bytes: number) {
  return postChunked(baseUrl, path, cookie, "application/x-www-form-urlencoded", head, bytes);
}

function postChunked(baseUrl: string, path: string, cookie: string, type: string, head: string, bytes: number) {
  return new Promise<number>((resolve, reject) => {
    const request = http.request(new URL(path, baseUrl), {
      method: "POST",
      headers: {
        Cookie: cookie,
        "X-Forwarded-For": newIp(),
        "Content-Type": type,
        "Transfer-Encoding": "chunked",
      },
    });
    request.on("response", (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("error", reject);
    request.write(head);
    const piece = Buffer.alloc(64 * 1024, "n");
    for (let sent = 0; sent < bytes; sent += piece.length) request.write(piece);
    request.end();
  });
}

/** A JSON body with no Content-Length (chunked), `bytes` of it, as a client that never says how much it sends. */
export function postChunkedJson(baseUrl: string, path: string, cookie: string, bytes: number) {
  return postChunked(baseUrl, path, cookie, "application/json", '{"town":"', bytes);
}

/** A multipart form with no Content-Length (chunked): a file part's head, then `bytes` of it. */
export function postChunkedMultipart(baseUrl: string, path: string, cookie: string, bytes: number) {
  const boundary = "----asiikochunked0123456789";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.kml"\r\nContent-Type: application/vnd.google-earth.kml+xml\r\n\r\n`;
  return postChunked(baseUrl, path, cookie, `multipart/form-data; boundary=${boundary}`, head, bytes);
}
