import type { OfficeInvoice } from '../../../contracts/office/invoices';
import { NotFoundError } from '../../../domain/errors';
import type { Db } from '../../platform/db/customer-scope';
import { actingPeople } from '../people/repository';
import { officeInvoice } from './mappers';
import { findInvoice, loadLines, loadPayments } from './repository';

/** One invoice for the office: the document, its customer, its payments with who recorded them (and who paid online). */
export async function getOfficeInvoice(db: Db, id: number, timeZone: string): Promise<OfficeInvoice> {
  const row = await findInvoice(db, id, timeZone);
  if (!row) throw new NotFoundError('Invoice not found.');
  const payments = await loadPayments(db, id);
  // Who of the account paid online (contract-spec §4: the office sees that name).
  const people = await actingPeople(
    db,
    payments.map((p) => p.person_id),
  );
  return officeInvoice(row, await loadLines(db, id), payments, people);
}
