import { AsyncLocalStorage } from "node:async_hooks";
import { loggableError } from "./db-errors.server";

/** What the server knows about the request being answered, wherever in the code it is needed. */
export interface RequestScope {
  /** The visitor's address (honours TRUST_PROXY). */
  clientIp: string;
  /**
   * Work to do once the answer has left (`afterResponse`); the server runs it when the response
   * closes (`runAfterResponse`). Without it, such work runs at once.
   */
  afterResponse?: (() => Promise<unknown>)[];
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

/**
 * Does `work` after the answer to the current request has been sent, so that how long the answer
 * takes says nothing about what the work found (an account behind an address, for one). Outside a
 * request that defers (the console, the worker, tests calling a route directly) it runs at once
 * and is awaited. An error of deferred work is logged, never answered.
 */
export async function afterResponse(work: () => Promise<unknown>): Promise<void> {
  const deferred = storage.getStore()?.afterResponse;
  if (deferred) deferred.push(work);
  else await work();
}

/**
 * Runs what a request deferred (`afterResponse`), one after another, in the request's scope (its
 * client address is still the one the audit log records). Called by the server once the response
 * has closed.
 */
export async function runAfterResponse(scope: RequestScope): Promise<void> {
  const work = scope.afterResponse?.splice(0) ?? [];
  for (const task of work) {
    try {
      await storage.run({ clientIp: scope.clientIp }, task);
    } catch (error) {
      console.error("Work after a response failed:", loggableError(error));
    }
  }
}
