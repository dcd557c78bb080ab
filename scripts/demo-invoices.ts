import { sql, type Transaction } from 'kysely';
import type { QuoteDraft } from '../contracts/office/quotes';
import { customerPages } from '../contracts/pages';
import { CONSENT_VERSION } from '../contracts/signatures';
import { resolveAuthSecret } from '../server/auth/secret';
import { createInvoice } from '../server/modules/invoices/create-invoice';
import { recordPayment } from '../server/modules/invoices/record-payment';
import { sendInvoice } from '../server/modules/invoices/send-invoice';
import { createQuote } from '../server/modules/quotes/create-quote';
import { decideQuote } from '../server/modules/quotes/decide-quote';
import { sendQuote } from '../server/modules/quotes/send-quote';
import { COMMAND_LINE_ACTOR } from '../server/platform/audit';
import type { Config } from '../server/platform/config';
import type { Database } from '../server/platform/db/schema';

/**
 * The demo's invoices (contract-spec §3): a kitchen quote with a 25 % deposit the customer approved
 * (its deposit invoice, paid by check), a work order made from it with an open progress invoice, and
 * an older progress invoice past its due date (Overdue). Made by the office's and the customer's own
 * operations; the overdue one's due date is written before it is issued. The e-mails are dropped.
 */
export async function putDemoInvoices(trx: Transaction<Database>, email: string, config: Config): Promise<void> {
  const office = { actor: COMMAND_LINE_ACTOR, ip: null, userAgent: null };
  const deps = { config, secret: resolveAuthSecret(config.authSecret, config.dataDir) };
  const customer = await trx
    .selectFrom('customers')
    .select(['id', 'name'])
    .where(sql<boolean>`lower(email) = lower(${email})`)
    .executeTakeFirstOrThrow();
  const user = await trx.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const kitchen: QuoteDraft = {
    description: 'Kitchen refresh: cabinets refaced, quartz countertop, backsplash.',
    lines: [
      { description: 'Reface cabinets (linear ft)', quantity: '24', unitPrice: '180.00', optional: false },
      { description: 'Quartz countertop, installed (sq ft)', quantity: '42', unitPrice: '75.00', optional: false },
      { description: 'Tile backsplash (sq ft)', quantity: '30', unitPrice: '22.00', optional: false },
    ],
    taxRate: '8.25',
    validUntil: day(30),
    terms: 'A 25 % deposit on approval; progress invoices as the work goes.',
    depositPercent: 25,
  };
  const quoteId = await createQuote(trx, office, { customerId: Number(customer.id), ...kitchen });
  await sendQuote(trx, office, { quoteId }, deps);
  const decided = await decideQuote(
    trx,
    { actor: email, ip: '127.0.0.1', userAgent: 'Demo browser' },
    {
      quoteId,
      version: 1,
      decision: 'Approved',
      customer: { email, name: customer.name ?? 'Demo Customer' },
      signerName: customer.name ?? 'Demo Customer',
      optionalItemIds: [],
      officeEmail: config.company.email,
      officeUrl: `${config.appUrl}/office`,
      customerUrl: `${config.appUrl}/quotes/${quoteId}`,
      company: config.company.name,
      timeZone: config.company.timeZone,
      consent: { version: CONSENT_VERSION, locale: 'en' },
      authMethod: 'password',
      personId: user.id,
      deposit: { config },
      signing: {
        paperSize: config.pdfPaperSize,
        company: { ...config.company, logoUrl: null },
        verifyUrl: `${config.appUrl}${customerPages.verify.href()}`,
      },
    },
  );
  const depositId = decided.depositInvoiceId!;
  const deposit = (await sql<{ total: string }>`SELECT total::text FROM invoices WHERE id = ${depositId}`.execute(trx)).rows[0]!;
  await recordPayment(
    trx,
    office,
    { invoiceId: depositId, amount: deposit.total, method: 'check', reference: 'Check 1187', receivedAt: day(-1) },
    { config },
  );

  const workOrderId = Number(
    (
      await sql<{ id: number }>`
        INSERT INTO work_orders (email, description, address, quote_id, status)
        VALUES (${email}, 'Kitchen refresh', '77 Sample Lane, Springfield', ${quoteId}, 'In Progress') RETURNING id`.execute(trx)
    ).rows[0]!.id,
  );
  await sql`UPDATE quotes SET work_order_id = ${workOrderId} WHERE id = ${quoteId}`.execute(trx);
  // An older progress invoice, issued with a due date already past: Overdue.
  const overdue = await createInvoice(trx, office, {
    workOrderId,
    body: { kind: 'progress', description: 'Cabinets removed and refacing started', percent: '20' },
  });
  await sql`UPDATE invoices SET due_date = ${day(-9)}, issued_at = now() - interval '23 days' WHERE id = ${overdue}`.execute(trx);
  await sql`UPDATE invoices SET status = 'Sent' WHERE id = ${overdue}`.execute(trx);
  // The open one, sent today.
  const open = await createInvoice(trx, office, {
    workOrderId,
    body: { kind: 'progress', description: 'Countertop templated and ordered', percent: '30' },
  });
  await sendInvoice(trx, office, { id: open }, { config });
  await trx.deleteFrom('mail_outbox').where('to_address', '=', email.toLowerCase()).where('sent_at', 'is', null).execute();
}
