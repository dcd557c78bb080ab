import type { WorkOrderFilter } from '../../../contracts/customer/work-orders';

/** The Audit log's filters as the office app keeps them (from its URL). */
export interface OfficeAuditFilter {
  actor?: string;
  entity?: string;
  entityId?: string;
  from?: string;
  to?: string;
}

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

/**
 * The office app's keys (web/office), in this same file but their own export: the customer's bundle
 * does not import them, so they add nothing to a customer's first page, and a customer's browser never
 * holds these queries.
 */
export const officeQueryKeys = {
  all: ['office'] as const,
  /** The signed-in office account (GET /api/office/me). */
  me: ['office', 'me'] as const,
  /** A set-up link's account (by its token). */
  setup: (token: string) => ['office', 'setup', token] as const,
  inbox: ['office', 'inbox'] as const,
  customers: {
    all: ['office', 'customers'] as const,
    search: (q: string) => ['office', 'customers', 'search', q] as const,
    detail: (id: number) => ['office', 'customers', 'detail', id] as const,
  },
  staff: ['office', 'staff'] as const,
  quotes: (filter: { status?: string; q?: string }) => ['office', 'quotes', filter] as const,
  /** One quote's page (GET /api/office/quotes/:id); ['office', 'quotes'] stays the lists only. */
  quote: (id: number) => ['office', 'quote', id] as const,
  workOrders: (filter: { status?: string; q?: string; from?: string; to?: string }) => ['office', 'work-orders', filter] as const,
  audit: (filter: OfficeAuditFilter) => ['office', 'audit', filter] as const,
};

/** The queries that stay when someone signs out: they belong to the deployment or the session, not to a customer. */
export const outlivesSignOut = (queryKey: readonly unknown[]): boolean =>
  queryKey[0] === queryKeys.session[0] || queryKey[0] === queryKeys.config[0];
