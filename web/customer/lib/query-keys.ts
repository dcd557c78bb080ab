import type { WorkOrderFilter } from '../../../contracts/customer/work-orders';
import { sharedQueryKeys } from '../../shared/api/query-keys';

/**
 * Every cached query of the customer's app, in one place. A resource with lists has a prefix per
 * list (`lists`) for invalidation, and its records (`detail`) outside that prefix: an answer that
 * replaces a record in the cache is not asked for again by a list's invalidation.
 */
export const queryKeys = {
  ...sharedQueryKeys,
  /** Better Auth's session (null when signed out). */
  session: ['session'] as const,
  dashboard: ['dashboard'] as const,
  /** A portal invitation's link, as 'Set up your portal access' shows it. */
  portalInvitation: (token: string) => ['portal-invitation', token] as const,
  profile: ['profile'] as const,
  /** The customer's properties (the Profile's 'Properties', Submit Request's 'Property'). */
  properties: ['properties'] as const,
  /** The account's people and the signed-in person's role (issue 26.4). */
  people: ['people'] as const,
  /** A person's invitation link, as 'Join the account' shows it. */
  personInvitation: (token: string) => ['person-invitation', token] as const,
  quotes: {
    /** The list, every quote page and its earlier versions: what a decision changes. */
    all: ['quotes'] as const,
    list: ['quotes', 'list'] as const,
    detail: (id: number) => ['quotes', 'detail', id] as const,
    version: (id: number, version: number) => ['quotes', 'detail', id, 'version', version] as const,
  },
  workOrders: {
    /** Every list, one a filter: a cancel updates each in place (cancel-work-order.ts). */
    lists: ['work-orders', 'list'] as const,
    list: (filter: WorkOrderFilter) => ['work-orders', 'list', filter] as const,
    detail: (id: number) => ['work-orders', 'detail', id] as const,
  },
  invoices: {
    /** The list, every invoice page and its payment's state: what a payment changes. */
    all: ['invoices'] as const,
    list: ['invoices', 'list'] as const,
    detail: (id: number) => ['invoices', 'detail', id] as const,
    payment: (id: number, attempt: string) => ['invoices', 'payment', id, attempt] as const,
  },
  changeOrders: {
    /** Every contract shown (a quote's, a work order's): what an answer changes. */
    all: ['change-orders'] as const,
    quote: (id: number) => ['change-orders', 'quote', id] as const,
    workOrder: (id: number) => ['change-orders', 'work-order', id] as const,
  },
};

/** The queries that stay when someone signs out: they belong to the deployment or the session, not to a customer. */
export const outlivesSignOut = (queryKey: readonly unknown[]): boolean =>
  queryKey[0] === queryKeys.session[0] || queryKey[0] === queryKeys.config[0];
