import type { Hono } from 'hono';
import type { AppDeps } from './app';
import type { AppEnv } from './platform/http/types';
import { dashboardRoutes } from './modules/dashboard/customer.routes';
import { profileRoutes } from './modules/profile/customer.routes';
import { quoteRoutes } from './modules/quotes/customer.routes';
import { workOrderRoutes } from './modules/work-orders/customer.routes';

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
