import { endpoint, trusted } from './endpoint';

/** The paper the PDFs are laid out on (PDF_PAPER_SIZE): US Letter unless the deployment says A4. */
export const PDF_PAPER_SIZES = ['letter', 'a4'] as const;
export type PdfPaperSize = (typeof PDF_PAPER_SIZES)[number];

/**
 * What anyone may ask, signed in or not. Free of zod: the login page (first bundle) reads the config.
 */
export interface PublicConfig {
  company: {
    name: string;
    email: string;
    phones: [string, string];
    address: string;
    logoUrl: string | null;
  };
  googleConfigured: boolean;
  requireEmailVerification: boolean;
  /** COMPANY_TIMEZONE: every time shown is in this zone. Always sent; optional for older fixtures. */
  timeZone?: string;
  /** PDF_PAPER_SIZE. Always sent; optional in the type for older fixtures (the browser then uses letter). */
  pdfPaperSize?: PdfPaperSize;
  /** STRIPE_SECRET_KEY is set: invoices offer 'Pay now'. Always sent; optional for older fixtures (then false). */
  onlinePayments?: boolean;
}

/** The deployment's company details and switches. */
export const getPublicConfig = endpoint({ method: 'GET', path: '/api/config', response: trusted<PublicConfig>() });

/** Answers once the database does. */
export const getHealth = endpoint({ method: 'GET', path: '/api/health', response: trusted<{ status: 'ok' }>() });

/** Ready for traffic: database answers, every migration ran, the mail worker polls (503 otherwise). */
export interface Readiness {
  status: 'ready' | 'not_ready';
  checks: { database: boolean; migrations: boolean; mailWorker: boolean };
}
export const getReady = endpoint({ method: 'GET', path: '/api/ready', response: trusted<Readiness>() });

/** Better Auth's session of the cookie sent: the signed-in user, or null when signed out. */
export interface SessionAnswer {
  user: { id: string; email: string; name: string; emailVerified: boolean; locale?: string | null };
}
/** Read with a plain GET on the first page, without Better Auth's browser client (bundle budget). */
export const getSession = endpoint({ method: 'GET', path: '/api/auth/get-session', response: trusted<SessionAnswer | null>() });
