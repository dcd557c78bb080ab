import type { Locale } from '../../../contracts/locale';
import { balanceDue } from '../../../domain/invoices/figures';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/customer-scope';
import { enqueueMail } from '../../platform/mail/outbox';
import { customerInvoiceUrl, invoiceSentMail } from './mail';
import { loadLines, recipientLocale, type InvoiceRow } from './repository';

/**
 * The 'invoice sent' e-mail to the invoice's owner, in their language (`locale` when the caller knows
 * it), queued in the caller's transaction. An invoice is a bill, not an update: it goes whatever the
 * 'E-mail me about updates' choice (docs/decisions/206-invoice-mail-always-sent.md).
 */
export async function queueInvoiceSentMail(
  db: Db,
  invoice: InvoiceRow,
  deps: { config: Pick<Config, 'appUrl' | 'company'> },
  locale?: Locale,
): Promise<void> {
  const lines = await loadLines(db, invoice.id);
  await enqueueMail(db, {
    kind: 'invoice-sent',
    to: invoice.email.toLowerCase(),
    replyTo: deps.config.company.email,
    ...invoiceSentMail(await recipientLocale(db, invoice.email, locale), {
      company: deps.config.company.name,
      number: invoice.number!,
      kind: invoice.kind,
      quoteId: invoice.quote_id,
      description: lines[0]?.description ?? '',
      total: invoice.total,
      balanceDue: balanceDue(invoice.total, invoice.amount_paid, invoice.status),
      dueDate: invoice.due_date!,
      url: customerInvoiceUrl(deps.config.appUrl, invoice.id),
    }),
  });
}
