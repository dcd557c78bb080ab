import type { OfficeInvoice } from '../../../contracts/office/invoices';
import { NotFoundError } from '../../../domain/errors';
import type { Db } from '../../platform/db/customer-scope';
import { officeInvoice } from './mappers';
import { findInvoice, loadLines, loadPayments } from './repository';

/** One invoice for the office: the document, its customer, its payments with who recorded them. */
export async function getOfficeInvoice(db: Db, id: number, timeZone: string): Promise<OfficeInvoice> {
  const row = await findInvoice(db, id, timeZone);
  if (!row) throw new NotFoundError('Invoice not found.');
  return officeInvoice(row, await loadLines(db, id), await loadPayments(db, id));
}
