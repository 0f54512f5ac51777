import { createContext, RouterContextProvider } from "react-router";
import type { Refusal } from "./request-guard.server";

/** What the server knows about a request before any route runs. */
export interface RequestFacts {
  /** Per-request nonce that lets the framework's inline scripts past the CSP. */
  cspNonce: string;
  /** The visitor's address (honours TRUST_PROXY), for rate limits. */
  clientIp: string;
  /** Why the server refused the request before any route ran (the not-found route answers it). */
  refusal?: Refusal;
}

export const requestFacts = createContext<RequestFacts>();

/** The router context every loader, action and middleware of one request reads. */
export function requestContext(facts: RequestFacts): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestFacts, facts);
  return context;
}

/** The facts of the request a loader or action is answering. */
export function factsOf(context: Readonly<RouterContextProvider>): RequestFacts {
  return context.get(requestFacts);
}
