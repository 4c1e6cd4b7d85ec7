import type { RequestHandler } from "express";

const HOST_HEADER =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;
const FORWARDED_PROTO = /^https?$/i;

/**
 * Host and forwarding headers feed the request's URL. A client may send
 * anything there: forwarding headers are dropped unless the peer is a trusted
 * proxy (the app's `trust proxy` setting), and a Host or forwarded value that is
 * not a host name is replaced or dropped, so a bad header is ignored, never fatal.
 * (Links that leave the product never come from these headers: see publicOrigin.)
 */
export const sanitiseAddressHeaders: RequestHandler = (req, _res, next) => {
  const headers = req.headers;
  if (typeof headers.host !== "string" || headers.host.length > 300 || !HOST_HEADER.test(headers.host))
    headers.host = "localhost";
  const trusted = (req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean)(
    req.socket.remoteAddress,
    0,
  );
  if (!trusted) {
    delete headers["x-forwarded-host"];
    delete headers["x-forwarded-proto"];
    delete headers["x-forwarded-port"];
  } else {
    // A proxy chain lists values comma-separated; keep them only if every one is well formed.
    const list = (value: string | string[] | undefined) =>
      typeof value === "string" ? value.split(",").map((item) => item.trim()) : [];
    if (
      headers["x-forwarded-host"] !== undefined &&
      !list(headers["x-forwarded-host"]).every((item) => item.length <= 300 && HOST_HEADER.test(item))
    ) {
      delete headers["x-forwarded-host"];
    }
    if (
      headers["x-forwarded-proto"] !== undefined &&
      !list(headers["x-forwarded-proto"]).every((item) => FORWARDED_PROTO.test(item))
    ) {
      delete headers["x-forwarded-proto"];
    }
    if (
      headers["x-forwarded-port"] !== undefined &&
      !list(headers["x-forwarded-port"]).every((item) => /^\d{1,5}$/.test(item))
    ) {
      delete headers["x-forwarded-port"];
    }
  }
  next();
};
