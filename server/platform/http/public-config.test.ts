import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '../../../contracts/public';
import { loadConfig } from '../config';
import type { Database } from '../db/schema';
import { publicRoutes } from './public.routes';

/** GET /api/config answers from the configuration alone (no database). */
async function publicConfig(env: Record<string, string>): Promise<PublicConfig> {
  const routes = publicRoutes({ config: loadConfig(env), db: {} as Kysely<Database>, isMailWorkerRunning: () => true });
  return (await (await routes.request('/api/config')).json()) as PublicConfig;
}

describe('GET /api/config', () => {
  it('tells the browser the paper of the PDFs: letter by default, a4 when PDF_PAPER_SIZE says so', async () => {
    expect((await publicConfig({})).pdfPaperSize).toBe('letter');
    expect((await publicConfig({ PDF_PAPER_SIZE: 'a4' })).pdfPaperSize).toBe('a4');
  });

  it('sends the logo URL the PDFs draw in their header', async () => {
    expect((await publicConfig({})).company.logoUrl).toBeNull();
    expect((await publicConfig({ COMPANY_LOGO: '/brand/logo.png' })).company.logoUrl).toBe('/brand/logo.png');
  });

  it('says whether invoices offer online payment: only with a Stripe key (and its webhook secret)', async () => {
    expect((await publicConfig({})).onlinePayments).toBe(false);
    expect((await publicConfig({ STRIPE_SECRET_KEY: 'sk_test_123456', STRIPE_WEBHOOK_SECRET: 'whsec_123456' })).onlinePayments).toBe(true);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_123456' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});
