import { createContext, createElement, useContext, type ReactNode } from "react";

// The CSP nonce reaches the document's scripts through context; in the browser it is empty
// (browsers hide nonces from the DOM), which React accepts when hydrating.
const NonceContext = createContext("");

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return createElement(NonceContext.Provider, { value }, children);
}

export function useNonce() {
  return useContext(NonceContext);
}
