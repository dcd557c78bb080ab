import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while serving a request carries (server/logger.ts). */
export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const runInRequest = <T>(context: RequestContext, work: () => T): T => storage.run(context, work);
export const currentRequest = (): RequestContext | undefined => storage.getStore();
