/** Every route of the office app in one place: links and redirects use these, never string literals. */
export const paths = {
  inbox: '/office',
  customers: '/office/customers',
  customer: (id: number) => `/office/customers/${id}`,
  quotes: '/office/quotes',
  workOrders: '/office/work-orders',
  staff: '/office/staff',
  audit: '/office/audit',
  login: '/office/login',
  setup: '/office/setup',
  /** The customers' portal sign-in: where a customer who strays here belongs. */
  portalLogin: '/login',
} as const;

/** Why the sign-in page was opened, in its ?reason= (a redirect from the guard). */
export type LoginReason = 'ended' | 'customer';
export const loginWith = (reason: LoginReason) => `${paths.login}?reason=${reason}`;
