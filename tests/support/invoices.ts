import { sql } from 'kysely';
import type { OfficeInvoice } from '../../contracts/office/invoices';
import { putApprovedQuote } from './change-orders';
import type { TestPortal } from './harness';

/** An office request that must succeed; answers its JSON. */
async function office<T>(portal: TestPortal, cookie: string, path: string, body?: unknown): Promise<T> {
  const res = await portal.request(path, { cookie, ...(body === undefined ? { method: 'POST' } : { body }) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * The access matrix's invoices (issue 25): on a work order made from the owner's approved quote, a
 * sent invoice whose line carries `marker` (read by both sides), drafts to send and to discard, a
 * sent one to void, one to pay and one with a payment to refund.
 */
export async function putMatrixInvoices(portal: TestPortal, email: string, customerCookie: string, officeCookie: string, marker: string) {
  const quoteId = await putApprovedQuote(portal, email, customerCookie);
  const workOrderId = Number(
    (
      await sql<{ id: number }>`
        INSERT INTO work_orders (email, description, address, quote_id) VALUES (${email}, 'Deck', '1 Deck Way', ${quoteId}) RETURNING id`.execute(
        portal.db,
      )
    ).rows[0]!.id,
  );
  const draft = async (description: string, amount = '5.00') =>
    (
      await office<OfficeInvoice>(portal, officeCookie, `/api/office/work-orders/${workOrderId}/invoices`, {
        kind: 'progress',
        description,
        amount,
      })
    ).id;
  const sent = async (description: string) => {
    const id = await draft(description);
    await office(portal, officeCookie, `/api/office/invoices/${id}/send`);
    return id;
  };
  const viewId = await sent(`${marker} first payment`);
  const sendId = await draft('To send');
  const discardId = await draft('To discard');
  const voidId = await sent('To void');
  const payId = await sent('To pay');
  const refundId = await sent('To refund');
  const paid = await office<OfficeInvoice>(portal, officeCookie, `/api/office/invoices/${refundId}/payments`, {
    amount: '5.00',
    receivedOn: '2026-11-20',
    method: 'cash',
  });
  return { workOrderId, viewId, sendId, discardId, voidId, payId, refundId, refundPaymentId: paid.payments[0]!.id };
}
