import type { Hono } from 'hono';
import type { AppDeps } from './app';
import type { AppEnv } from './http/types';
import { dashboardRoutes } from './dashboard/routes';
import { profileRoutes } from './profile/routes';
import { quoteRoutes } from './quotes/routes';
import { workOrderRoutes } from './work-orders/routes';

/**
 * Every customer API route, mounted under /api behind the session guard (server/app.ts).
 * One folder a resource: server/<resource>/routes.ts exports a Hono router; add it here.
 */
export function customerRoutes(api: Hono<AppEnv>, deps: AppDeps): void {
  api.route('/work-orders', workOrderRoutes(deps));
  api.route('/dashboard', dashboardRoutes(deps));
  api.route('/profile', profileRoutes(deps));
  api.route('/quotes', quoteRoutes(deps));
}
