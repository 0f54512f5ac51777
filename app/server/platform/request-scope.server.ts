import { AsyncLocalStorage } from "node:async_hooks";

/** What the server knows about the request being answered, wherever in the code it is needed. */
export interface RequestScope {
  /** The visitor's address (honours TRUST_PROXY). */
  clientIp: string;
}

const storage = new AsyncLocalStorage<RequestScope>();

/** Set by the server on every request (overwriting whatever a visitor sent): the client's address. */
export const CLIENT_IP_HEADER = "x-church-client-ip";

/** Runs the rest of a request's handling (an Express `next`) inside its scope. */
export function runInRequestScope<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** The address of the request being answered; null outside a request (console, worker, tests). */
export function currentClientIp(): string | null {
  return storage.getStore()?.clientIp ?? null;
}
