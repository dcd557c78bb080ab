import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while serving a request carries (server/logger.ts). */
export interface RequestContext {
  requestId: string;
  /**
   * The signed-in person's user id, set by the customer guard (auth/session-guard.ts): the customer
   * scope (db/customer-scope.ts) hands it to the database, which decides whose records it may read.
   */
  person?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const runInRequest = <T>(context: RequestContext, work: () => T): T => storage.run(context, work);
export const currentRequest = (): RequestContext | undefined => storage.getStore();
