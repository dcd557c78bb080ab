import { z } from 'zod';
import { PDF_PAPER_SIZES, type PdfPaperSize } from '../../contracts/public';
import { isKnownTimeZone } from '../../domain/work-orders/schedule';

/** Environment -> typed configuration. Every variable is optional for a local start. */
const booleanString = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Northwind Builders <no-reply@northwind-builders.example>'),
  COMPANY_EMAIL: z.email().default('office@northwind-builders.example'),
  COMPANY_NAME: z.string().min(1).default('Northwind Builders (demo)'),
  COMPANY_PHONES: z.string().min(1).default('(555) 010-2000, (555) 010-2001'),
  COMPANY_ADDRESS: z.string().min(1).default('100 Example Avenue, Springfield, ST 00000'),
  COMPANY_LOGO: z.string().optional(),
  /** Work order schedules are typed and shown in this zone (domain/work-orders/schedule.ts). */
  COMPANY_TIMEZONE: z
    .string()
    .default('America/Chicago')
    .refine(isKnownTimeZone, 'is not a time zone this server knows; use an IANA name such as America/Chicago or Europe/Madrid'),
  /** The paper every PDF is laid out on; 'A4' and ' letter ' are read as a4 and letter. */
  PDF_PAPER_SIZE: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(PDF_PAPER_SIZES, { error: 'must be letter (US Letter, 8.5 x 11 in) or a4' }))
    .default('letter'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  REQUIRE_EMAIL_VERIFICATION: booleanString.default(true),
  TRUST_PROXY: booleanString.default(false),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  DEFAULT_DEPOSIT_PERCENT: z.coerce.number().int('must be a whole percent').min(0).max(100).default(0),
  INVOICE_DUE_DAYS: z.coerce.number().int('must be a whole number of days').min(0).max(365).default(14),
  /** Online payment (contract-spec §3): unset, invoices say to pay by check or bank transfer. */
  STRIPE_SECRET_KEY: z.string().min(8, 'must be a Stripe secret key (sk_...)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8, 'must be the webhook signing secret (whsec_...)').optional(),
  /** Where the stripe package sends its requests; tests point it at a local fake. */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.stripe.com'),
  QUOTE_REMINDER_DAYS: z.coerce.number().int('must be a whole number of days').min(0, 'must be 0 (off) or more').max(365).default(3),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  appUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string | undefined;
  requireEmailVerification: boolean;
  trustProxy: boolean;
  logLevel: Env['LOG_LEVEL'];
  company: {
    name: string;
    email: string;
    phones: [string, string];
    address: string;
    logo: string | undefined;
    /** IANA zone of the company's wall clock: work order dates and arrival windows. */
    timeZone: string;
  };
  /** The paper of every PDF the portal makes (quotes, their versions, work orders). */
  pdfPaperSize: PdfPaperSize;
  google: { clientId: string; clientSecret: string; issuer: string } | { missing: string[] };
  /** /metrics answers only a request bearing this token; unset, /metrics does not exist. */
  metricsToken: string | undefined;
  /** Days after sending (and after the first reminder) before a Sent quote with no answer is recalled; 0 turns reminders off. */
  quoteReminderDays: number;
  /** The quote editor's 'Deposit' when the office sets none (DEFAULT_DEPOSIT_PERCENT, 0 = none). */
  defaultDepositPercent: number;
  /** Days from issue to an invoice's due date (INVOICE_DUE_DAYS). */
  invoiceDueDays: number;
  /** Stripe Checkout; undefined when STRIPE_SECRET_KEY is not set (no online payment). */
  stripe: { secretKey: string; webhookSecret: string; apiBase: string } | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const raw = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET) {
    throw new ConfigError('Invalid configuration:\n  AUTH_SECRET: required when NODE_ENV=production');
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (a payment counts only from a signed webhook)',
    );
  }
  const phones = e.COMPANY_PHONES.split(',').map((p) => p.trim());
  const missingGoogle = (['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] as const).filter((k) => !e[k]);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    authSecret: e.AUTH_SECRET,
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    quoteReminderDays: e.QUOTE_REMINDER_DAYS,
    defaultDepositPercent: e.DEFAULT_DEPOSIT_PERCENT,
    invoiceDueDays: e.INVOICE_DUE_DAYS,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE.replace(/\/$/, '') }
        : undefined,
    pdfPaperSize: e.PDF_PAPER_SIZE,
    company: {
      name: e.COMPANY_NAME,
      email: e.COMPANY_EMAIL,
      phones: [phones[0] ?? '', phones[1] ?? phones[0] ?? ''],
      address: e.COMPANY_ADDRESS,
      logo: e.COMPANY_LOGO,
      timeZone: e.COMPANY_TIMEZONE,
    },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
        : { missing: [...missingGoogle] },
  };
}
