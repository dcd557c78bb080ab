import { sql } from 'kysely';
import type { TestPortal } from './harness';
import { putSentQuoteWithSql } from './quotes';
import { CONSENT_VERSION } from '../../contracts/signatures';

/** Change orders for API tests, made through the API as the office and the customer would. */
const lines = [
  { description: 'Boards', quantity: '20', unitPrice: '12.50' },
  { description: 'Railing', quantity: '1', unitPrice: '300.00' },
];

/** A quote for `email`, sent with SQL and approved by its owner through the API. */
export async function putApprovedQuote(portal: TestPortal, email: string, customerCookie: string): Promise<number> {
  const quote = await putSentQuoteWithSql(portal.db, email, { description: 'Deck', lines });
  const res = await portal.request(`/api/quotes/${quote.id}/approve`, {
    cookie: customerCookie,
    body: { version: 1, signerName: 'Owner', accepted: true, consent: { version: CONSENT_VERSION, locale: 'en', agreed: true } },
  });
  if (res.status !== 201) throw new Error(`approve: ${res.status} ${await res.text()}`);
  return quote.id;
}

/** A draft change order on the quote (a line added), as the office; sent too when `send`. Answers its id and content hash. */
export async function putChangeOrder(portal: TestPortal, officeCookie: string, quoteId: number, send: boolean) {
  const created = await portal.request(`/api/office/quotes/${quoteId}/change-orders`, { cookie: officeCookie, method: 'POST' });
  const { id } = (await created.json()) as { id: number };
  const saved = await portal.request(`/api/office/change-orders/${id}`, {
    cookie: officeCookie,
    body: {
      reason: 'More work',
      addedDays: 1,
      answerBy: '2099-01-31',
      lines: [{ description: 'Extra post', quantity: '1', unitPrice: '45.00' }],
    },
  });
  if (saved.status !== 200) throw new Error(`save: ${saved.status} ${await saved.text()}`);
  if (send) {
    const sent = await portal.request(`/api/office/change-orders/${id}/send`, { cookie: officeCookie, method: 'POST' });
    if (sent.status !== 200) throw new Error(`send: ${sent.status} ${await sent.text()}`);
  }
  const row = (await sql<{ content_hash: string | null }>`SELECT content_hash FROM change_orders WHERE id = ${id}`.execute(portal.db))
    .rows[0]!;
  return { id, contentHash: row.content_hash ?? '' };
}

/** The approve body of a change order: the typed name, the content seen, the electronic consent (contract-spec §1). */
export const changeOrderApproval = (contentHash: string, locale: 'en' | 'es' = 'en', signerName = 'Owner Person') => ({
  signerName,
  contentHash,
  accepted: true,
  consent: { version: CONSENT_VERSION, locale, agreed: true },
});

/** The records the access matrix calls the change orders' routes with. */
export async function putMatrixChangeOrders(portal: TestPortal, email: string, customerCookie: string, officeCookie: string) {
  const approved = () => putApprovedQuote(portal, email, customerCookie);
  const [forApprove, forDecline, forViews, forSend, forCreate, forWorkOrder, forSigned] = [
    await approved(),
    await approved(),
    await approved(),
    await approved(),
    await approved(),
    await approved(),
    await approved(),
  ];
  const toApprove = await putChangeOrder(portal, officeCookie, forApprove, true);
  const toDecline = await putChangeOrder(portal, officeCookie, forDecline, true);
  const viewed = await putChangeOrder(portal, officeCookie, forViews, true);
  const draft = await putChangeOrder(portal, officeCookie, forViews, false);
  const toSend = await putChangeOrder(portal, officeCookie, forSend, false);
  // An approved change order with its signed PDF (the owner's own approval, with the consent).
  const signed = await putChangeOrder(portal, officeCookie, forSigned, true);
  const signedRes = await portal.request(`/api/change-orders/${signed.id}/approve`, {
    cookie: customerCookie,
    body: changeOrderApproval(signed.contentHash),
  });
  if (signedRes.status !== 201) throw new Error(`approve change order: ${signedRes.status} ${await signedRes.text()}`);
  const workOrderId = Number(
    (
      await sql<{
        id: number;
      }>`INSERT INTO work_orders (email, description, address, quote_id) VALUES (${email}, 'Deck', '1 Deck Way', ${forWorkOrder}) RETURNING id`.execute(
        portal.db,
      )
    ).rows[0]!.id,
  );
  return {
    toApprove,
    toDecline,
    viewed,
    draftId: draft.id,
    sendId: toSend.id,
    viewQuoteId: forViews,
    createQuoteId: forCreate,
    workOrderId,
    signedId: signed.id,
  };
}
