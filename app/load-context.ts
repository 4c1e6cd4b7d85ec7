// What the Express server hands every loader and action (server.ts, getLoadContext).
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The client's address (behind a trusted proxy, the forwarded one). */
    clientIp: string;
    requestId: string;
    /** This response's Content-Security-Policy nonce, for the inline scripts the page needs. */
    cspNonce: string;
  }
}

export {};
