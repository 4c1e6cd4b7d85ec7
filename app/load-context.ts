// What the Express server hands every loader and action (server.ts, getLoadContext).
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The client's address (behind a trusted proxy, the forwarded one). */
    clientIp: string;
    requestId: string;
    /** This response's Content-Security-Policy nonce, for the inline scripts the page needs. */
    cspNonce: string;
    /** Set when the queue dashboard refused this browser (401 or 403): the status of the page that says who may see it. */
    queueDashboardRefused?: number;
  }
}

export {};
