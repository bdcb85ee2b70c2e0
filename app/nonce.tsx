import { createContext, useContext, type ReactNode } from "react";

/**
 * The CSP nonce reaches the document's inline scripts through context. In the browser it
 * is empty: browsers hide nonce values from scripts, and nothing there needs it.
 */
const NonceContext = createContext<string>("");

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export function useNonce(): string {
  return useContext(NonceContext);
}
