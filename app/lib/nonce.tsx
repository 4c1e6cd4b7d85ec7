import { createContext, useContext } from "react";

// The Content-Security-Policy nonce of this response: the server renders it on
// the inline scripts the page needs; in the browser it is empty (browsers hide
// a nonce once the page has loaded, and hydration does not need it).
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
