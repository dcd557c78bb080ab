import { sharedQueryKeys } from '../../shared/api/query-keys';

/** The Audit log's filters as the office app keeps them (from its URL). */
export interface OfficeAuditFilter {
  actor?: string;
  entity?: string;
  entityId?: string;
  from?: string;
  to?: string;
}

/** The filters of the Quotes and Work Orders lists (from their URLs). */
export interface OfficeQuoteFilter {
  status?: string;
  q?: string;
}
export interface OfficeWorkOrderFilter extends OfficeQuoteFilter {
  from?: string;
  to?: string;
}

/**
 * Every cached query of the office app, in one place (a customer's browser never holds these). Each
 * resource's keys start with its prefix (`all`); one with lists and records has a prefix for its lists
 * (`lists`) apart from its records (`detail`), so an answer that replaced a record in the cache is
 * not asked for again when the lists are.
 */
export const officeQueryKeys = {
  config: sharedQueryKeys.config,
  all: ['office'] as const,
  /** The signed-in office account (GET /api/office/me). */
  me: ['office', 'me'] as const,
  /** A set-up link's account (by its token). */
  setup: (token: string) => ['office', 'setup', token] as const,
  inbox: ['office', 'inbox'] as const,
  customers: {
    all: ['office', 'customers'] as const,
    /** Every search, the Customers list's and the quote editor's picker's. */
    searches: ['office', 'customers', 'search'] as const,
    search: (q: string) => ['office', 'customers', 'search', q] as const,
    picker: (q: string) => ['office', 'customers', 'search', q, 'picker'] as const,
    detail: (id: number) => ['office', 'customers', 'detail', id] as const,
    /** The customer's properties (issue 26.3): the quote's and the work order's 'Property'. */
    properties: (id: number) => ['office', 'customers', 'detail', id, 'properties'] as const,
    /** Whether the customer has a portal account and when they were last invited (issue 26.1). */
    portalAccess: (id: number) => ['office', 'customers', 'detail', id, 'portal-access'] as const,
  },
  staff: ['office', 'staff'] as const,
  quotes: {
    all: ['office', 'quotes'] as const,
    lists: ['office', 'quotes', 'list'] as const,
    list: (filter: OfficeQuoteFilter) => ['office', 'quotes', 'list', filter] as const,
    /** One quote's page (GET /api/office/quotes/:id). */
    detail: (id: number) => ['office', 'quotes', 'detail', id] as const,
  },
  workOrders: {
    /** The lists and every order's page: what an action on an order asks for again. */
    all: ['office', 'work-orders'] as const,
    lists: ['office', 'work-orders', 'list'] as const,
    list: (filter: OfficeWorkOrderFilter) => ['office', 'work-orders', 'list', filter] as const,
    detail: (id: number) => ['office', 'work-orders', 'detail', id] as const,
  },
  changeOrders: {
    /** Every contract and change order shown: what an action on one asks for again. */
    all: ['office', 'change-orders'] as const,
    quote: (id: number) => ['office', 'change-orders', 'quote', id] as const,
    workOrder: (id: number) => ['office', 'change-orders', 'work-order', id] as const,
    detail: (id: number) => ['office', 'change-orders', 'detail', id] as const,
  },
  invoices: {
    /** Every list, invoice and work order's invoices: what an action on an invoice may change. */
    all: ['office', 'invoices'] as const,
    lists: ['office', 'invoices', 'list'] as const,
    list: (filter: OfficeQuoteFilter) => ['office', 'invoices', 'list', filter] as const,
    detail: (id: number) => ['office', 'invoices', 'detail', id] as const,
    /** Each work order's contract figures and invoices (GET /api/office/work-orders/:id/invoices). */
    workOrders: ['office', 'invoices', 'work-order'] as const,
    workOrder: (id: number) => ['office', 'invoices', 'work-order', id] as const,
  },
  audit: {
    all: ['office', 'audit'] as const,
    list: (filter: OfficeAuditFilter) => ['office', 'audit', filter] as const,
  },
};
