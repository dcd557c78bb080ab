import { sql } from 'kysely';
import { NotFoundError } from '../../../domain/errors';
import { addDays } from '../../../domain/invoices/figures';
import { audit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { invoiceNotDraft, orRefusal } from './errors';
import { queueInvoiceSentMail } from './invoice-mail';
import { companyToday, findInvoice } from './repository';

export interface SendInvoiceDeps {
  config: Pick<Config, 'appUrl' | 'company' | 'invoiceDueDays'>;
}

/**
 * Issue a draft: the database gives it the next number (gapless, invoices.sql) and freezes it; it is
 * due INVOICE_DUE_DAYS after today (the company's calendar). The customer is e-mailed in their
 * language, in the same transaction.
 */
export async function sendInvoice(db: Db, meta: RequestMeta, { id }: { id: number }, deps: SendInvoiceDeps): Promise<void> {
  const tz = deps.config.company.timeZone;
  const invoice = await findInvoice(db, id, tz, true);
  if (!invoice) throw new NotFoundError('Invoice not found.');
  if (invoice.status !== 'Draft') throw invoiceNotDraft();
  const dueDate = addDays(await companyToday(db, tz), deps.config.invoiceDueDays);
  await orRefusal(() => sql`UPDATE invoices SET status = 'Sent', due_date = ${dueDate} WHERE id = ${id}`.execute(db));
  const sent = (await findInvoice(db, id, tz))!;
  await queueInvoiceSentMail(db, sent, deps);
  await audit(db, {
    actor: meta.actor,
    action: 'send-invoice',
    entity: 'invoice',
    entityId: id,
    before: { status: 'Draft' },
    after: { status: 'Sent', number: sent.number, dueDate, total: sent.total },
    ip: meta.ip,
  });
}
