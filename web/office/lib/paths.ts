/** Every route of the office app in one place: links and redirects use these, never string literals. */
export const paths = {
  inbox: '/office',
  customers: '/office/customers',
  customer: (id: number) => `/office/customers/${id}`,
  quotes: '/office/quotes',
  newQuote: '/office/quotes/new',
  quote: (id: number) => `/office/quotes/${id}`,
  editQuote: (id: number) => `/office/quotes/${id}/edit`,
  workOrders: '/office/work-orders',
  workOrder: (id: number) => `/office/work-orders/${id}`,
  staff: '/office/staff',
  audit: '/office/audit',
  login: '/office/login',
  setup: '/office/setup',
  forgotPassword: '/office/forgot-password',
  resetPassword: '/office/reset-password',
  /** The customers' portal sign-in: where a customer who strays here belongs. */
  portalLogin: '/login',
} as const;

/** Why the sign-in page was opened, in its ?reason= (a redirect from the guard). */
export type LoginReason = 'ended' | 'customer' | 'reset';
export const loginWith = (reason: LoginReason) => `${paths.login}?reason=${reason}`;
