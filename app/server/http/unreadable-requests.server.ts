import type { Server } from "node:http";
import { apiErrorBody } from "./error-body";

/**
 * Requests Node cannot parse never reach Express: an address or cookie past the 16 KB header
 * limit, a malformed request line. Node would answer them with a bare status; they get the
 * catalogue's JSON like every other refusal (431 for oversized headers, else 400).
 */
export function answerUnreadableRequests(server: Server) {
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
    const body = JSON.stringify(
      apiErrorBody(
        "SEC_MALICIOUS_REQUEST",
        tooLarge ? "The request's address or headers are too large." : "The request could not be read.",
      ),
    );
    socket.end(
      `HTTP/1.1 ${tooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request"}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
