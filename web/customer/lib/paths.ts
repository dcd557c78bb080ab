/** Every route of the app in one place: links and redirects use these, never string literals. */
export const paths = {
  dashboard: '/',
  quotes: '/quotes',
  workOrders: '/work-orders',
  submitWorkOrder: '/submit-work-order',
  /** The Profile screen; its URL is the spec's /settings. */
  profile: '/settings',
  login: '/login',
  register: '/register',
  checkInbox: '/check-inbox',
  confirmEmail: '/confirm-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
} as const;
