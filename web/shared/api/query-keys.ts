import type { WorkOrderFilter } from '../../../contracts/customer/work-orders';

/**
 * Every cached query's key, in one place: each query takes its key from here and every mutation
 * invalidates through it, so no key is a string copied between files.
 */
export const queryKeys = {
  /** The deployment's public settings (company, switches). */
  config: ['config'] as const,
  /** Better Auth's session (null when signed out). */
  session: ['session'] as const,
  dashboard: ['dashboard'] as const,
  quotes: ['quotes'] as const,
  profile: ['profile'] as const,
  /** Every work order list; one filter is workOrders.list(filter). */
  workOrders: {
    all: ['work-orders'] as const,
    list: (filter: WorkOrderFilter) => ['work-orders', filter] as const,
  },
};

/** The queries that stay when someone signs out: they belong to the deployment or the session, not to a customer. */
export const outlivesSignOut = (queryKey: readonly unknown[]): boolean =>
  queryKey[0] === queryKeys.session[0] || queryKey[0] === queryKeys.config[0];
