/**
 * Every page of both apps, declared once: `path` is the router's pattern ('/quotes/:id'), `href()`
 * the address of one page ('/quotes/12'). The apps' routers and links use these, and so do the
 * server's e-mails (`${appUrl}${customerPages.quote.href(id)}`), so a URL is never written twice.
 * Free of zod and of every app: the customer's first page imports it, and so can the server.
 */

/** A page with one address: its pattern is its address. */
export interface FixedPage<P extends string = string> {
  readonly path: P;
  readonly href: () => P;
}

/** A page of one record: the pattern names its `:id`, `href(id)` fills it in. */
export interface RecordPage<P extends string = string> {
  readonly path: P;
  readonly href: (id: number) => string;
}

const fixed = <P extends string>(path: P): FixedPage<P> => ({ path, href: () => path });

const ofRecord = <P extends `${string}:id${string}`>(path: P): RecordPage<P> => ({
  path,
  href: (id: number) => path.replace(':id', String(id)),
});

/** The customers' portal (web/customer). Its screens' words are the spec's: Profile lives at /settings. */
export const customerPages = {
  dashboard: fixed('/'),
  quotes: fixed('/quotes'),
  /** One quote as a document (office-spec section 3); the quote e-mails link here. */
  quote: ofRecord('/quotes/:id'),
  workOrders: fixed('/work-orders'),
  /** One work order; the update e-mails link here. */
  workOrder: ofRecord('/work-orders/:id'),
  /** 'Invoices' / 'Facturas' (contract-spec §3). */
  invoices: fixed('/invoices'),
  /** One invoice: lines, payments received, balance; the invoice e-mails and the payment's return link here. */
  invoice: ofRecord('/invoices/:id'),
  submitWorkOrder: fixed('/submit-work-order'),
  /** The Profile screen; its URL is the spec's /settings. */
  profile: fixed('/settings'),
  login: fixed('/login'),
  register: fixed('/register'),
  checkInbox: fixed('/check-inbox'),
  /** Where the sign-up e-mail's link lands (?token=…). */
  confirmEmail: fixed('/confirm-email'),
  /** The link e-mailed to a new address (?token=…): it asks before it posts confirmEmailChange, so a mail scanner opening links changes nothing. */
  confirmEmailChange: fixed('/confirm-email-change'),
  forgotPassword: fixed('/forgot-password'),
  /** Where a reset e-mail's link lands (?token=…). */
  resetPassword: fixed('/reset-password'),
  /** Public, no sign-in (contract-spec §1): a verification code and a PDF file, checked against the signed document. */
  verify: fixed('/verify'),
  /** The electronic consent's full text (contract-spec §1), linked from the approve dialog; public. */
  consent: fixed('/consent'),
  /** A portal invitation's link (?token=…): 'Set up your portal access' (issue 26.1). */
  portalAccess: fixed('/portal-access'),
  /** A person's invitation to an account (?token=…): 'Join the account' (issue 26.4). */
  joinAccount: fixed('/join-account'),
} as const;

/** The office app (web/office): every page under /office. */
export const officePages = {
  /** The Inbox: the office's home. */
  inbox: fixed('/office'),
  customers: fixed('/office/customers'),
  customer: ofRecord('/office/customers/:id'),
  quotes: fixed('/office/quotes'),
  newQuote: fixed('/office/quotes/new'),
  quote: ofRecord('/office/quotes/:id'),
  editQuote: ofRecord('/office/quotes/:id/edit'),
  workOrders: fixed('/office/work-orders'),
  workOrder: ofRecord('/office/work-orders/:id'),
  /** A change order: its editor while a draft, the document after (contract-spec §2). */
  changeOrder: ofRecord('/office/change-orders/:id'),
  invoices: fixed('/office/invoices'),
  invoice: ofRecord('/office/invoices/:id'),
  staff: fixed('/office/staff'),
  audit: fixed('/office/audit'),
  login: fixed('/office/login'),
  /** An invitation's set-up link (?token=…). */
  setup: fixed('/office/setup'),
  forgotPassword: fixed('/office/forgot-password'),
  /** Where an office account's reset e-mail links (?token=…). */
  resetPassword: fixed('/office/reset-password'),
} as const;
