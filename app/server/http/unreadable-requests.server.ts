import type { Server } from "node:http";
import type { Duplex } from "node:stream";
import { apiErrorBody } from "./error-body";
import { ALLOWED_METHODS, unroutedMethodBody } from "./unrouted-methods.server";

/** A request line that reads well but for its method (`TRACK / HTTP/1.1`), which Node's parser does not know. */
const REQUEST_LINE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+ \S+ HTTP\/\d\.\d\r?$/;

/**
 * Requests Node cannot parse never reach Express: an address or cookie past the 16 KB header
 * limit, a malformed request line, a method Node does not know (TRACK, FOO), CONNECT. Node would
 * answer them with a bare status or none; they get the catalogue's JSON like every other refusal
 * (431 for oversized headers, 405 with Allow for a method the product does not take, else 400).
 */
export function answerUnreadableRequests(server: Server) {
  server.on("clientError", (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket) => {
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    if (error.code === "HPE_INVALID_METHOD" && REQUEST_LINE.test(firstLine(error.rawPacket))) {
      refuseMethod(socket);
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
  // CONNECT (a tunnel through a proxy) is handed to this event, not to Express.
  server.on("connect", (_req, socket: Duplex) => refuseMethod(socket));
}

function firstLine(packet: Buffer | undefined) {
  return packet ? (packet.toString("latin1").split("\n", 1)[0] ?? "") : "";
}

function refuseMethod(socket: Duplex) {
  const body = JSON.stringify(unroutedMethodBody());
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}
