import type { Hono } from 'hono';
import type { AppDeps } from './app';
import type { AppEnv } from './http/types';

/**
 * Every customer API route, mounted under /api behind the session guard.
 * One folder a resource (server/<resource>/routes.ts).
 */
export function customerRoutes(api: Hono<AppEnv>, _deps: AppDeps): void {
  void api;
}
