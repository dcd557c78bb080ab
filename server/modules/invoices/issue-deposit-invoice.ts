import { sql } from 'kysely';
import type { Locale } from '../../../contracts/locale';
import { addDays } from '../../../domain/invoices/figures';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/customer-scope';
import { queueInvoiceSentMail } from './invoice-mail';
import { companyToday, findInvoice } from './repository';

/** The deposit invoice's one line, in the signer's language. */
export const depositLine = (locale: Locale, percent: number, quoteId: number) =>
  locale === 'es' ? `Depósito: ${percent} % de la cotización #${quoteId}` : `Deposit: ${percent}% of Quote #${quoteId}`;

export interface DepositDeps {
  config: Pick<Config, 'appUrl' | 'company' | 'invoiceDueDays'>;
}

/**
 * 'Deposit' (contract-spec §3): on approval of a version with a deposit, its invoice is created and
 * sent at once, in the approval's transaction (the customer's scope): issue_deposit_invoice
 * (invoices.sql) derives the amount from the approved total and numbers it; the customer is e-mailed
 * in the language they signed in. Returns the invoice's id, or null when the version has no deposit.
 */
export async function issueDepositInvoice(
  db: Db,
  input: { quoteId: number; depositPercent: number; locale: Locale },
  deps: DepositDeps,
): Promise<number | null> {
  if (input.depositPercent <= 0) return null;
  const tz = deps.config.company.timeZone;
  const dueDate = addDays(await companyToday(db, tz), deps.config.invoiceDueDays);
  const row = (
    await sql<{ id: number | string | null }>`
      SELECT issue_deposit_invoice(${input.quoteId}, ${dueDate}::date, ${depositLine(input.locale, input.depositPercent, input.quoteId)}) AS id`.execute(
      db,
    )
  ).rows[0];
  if (row?.id == null) return null;
  const id = Number(row.id);
  const invoice = await findInvoice(db, id, tz);
  if (!invoice) throw new Error(`deposit invoice ${id} of quote ${input.quoteId} is not visible to its owner`);
  await queueInvoiceSentMail(db, invoice, deps, input.locale);
  return id;
}
