/** Every route of the app in one place: links and redirects use these, never string literals. */
export const paths = {
  dashboard: '/',
  quotes: '/quotes',
  /** One quote as a document (office-spec section 3); links use quotePath(id). */
  quote: '/quotes/:id',
  workOrders: '/work-orders',
  workOrder: (id: number) => `/work-orders/${id}`,
  submitWorkOrder: '/submit-work-order',
  /** The Profile screen; its URL is the spec's /settings. */
  profile: '/settings',
  login: '/login',
  register: '/register',
  checkInbox: '/check-inbox',
  confirmEmail: '/confirm-email',
  /** The link e-mailed to a new address (contracts/customer/profile.ts EMAIL_CHANGE_LINK_PATH). */
  confirmEmailChange: '/confirm-email-change',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
} as const;

/** The page of one quote: /quotes/12. */
export const quotePath = (id: number): string => paths.quote.replace(':id', String(id));
