import { sql, type Transaction } from 'kysely';
import type { QuoteDraft } from '../contracts/office/quotes';
import { customerPages } from '../contracts/pages';
import { CONSENT_VERSION } from '../contracts/signatures';
import { resolveAuthSecret } from '../server/auth/secret';
import { approveChangeOrder } from '../server/modules/change-orders/approve-change-order';
import { createChangeOrder } from '../server/modules/change-orders/create-change-order';
import { loadContractState } from '../server/modules/change-orders/contract-state';
import { saveChangeOrderDraft } from '../server/modules/change-orders/save-change-order-draft';
import { sendChangeOrder } from '../server/modules/change-orders/send-change-order';
import { createQuote } from '../server/modules/quotes/create-quote';
import { decideQuote } from '../server/modules/quotes/decide-quote';
import { sendQuote } from '../server/modules/quotes/send-quote';
import { COMMAND_LINE_ACTOR } from '../server/platform/audit';
import type { Config } from '../server/platform/config';
import type { Database } from '../server/platform/db/schema';

/**
 * The demo's contract with change orders (contract-spec §2): a basement quote the customer approved,
 * one change order approved (a line added, one repriced) and one waiting for the customer. Made by the
 * office's and the customer's own operations; the e-mails they queue are dropped.
 */
export async function putDemoChangeOrders(trx: Transaction<Database>, email: string, config: Config): Promise<void> {
  const office = { actor: COMMAND_LINE_ACTOR, ip: null, userAgent: null };
  const customerMeta = { actor: email, ip: '127.0.0.1', userAgent: 'Demo browser' };
  const deps = { config, secret: resolveAuthSecret(config.authSecret, config.dataDir) };
  const customer = await trx
    .selectFrom('customers')
    .select(['id', 'name'])
    .where(sql<boolean>`lower(email) = lower(${email})`)
    .executeTakeFirstOrThrow();
  const user = await trx.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const basement: QuoteDraft = {
    description: 'Basement finishing: framing, drywall, flooring and lighting.',
    lines: [
      { description: 'Frame and insulate exterior walls', quantity: '1', unitPrice: '3200.00', optional: false },
      { description: 'Drywall, taped and painted (sq ft)', quantity: '640', unitPrice: '4.10', optional: false },
      { description: 'Vinyl plank flooring, installed (sq ft)', quantity: '520', unitPrice: '6.25', optional: false },
      { description: 'Recessed lights', quantity: '8', unitPrice: '145.00', optional: false },
    ],
    taxRate: '8.25',
    validUntil: day(30),
    terms: 'A 30 % deposit on approval, the rest on completion.',
  };
  const quoteId = await createQuote(trx, office, { customerId: Number(customer.id), ...basement });
  await sendQuote(trx, office, { quoteId }, deps);
  await decideQuote(trx, customerMeta, {
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
    // Signed with the electronic consent (contract-spec §1), as the customer's dialog sends it.
    consent: { version: CONSENT_VERSION, locale: 'en' },
    authMethod: 'password',
    personId: user.id,
    signing: {
      paperSize: config.pdfPaperSize,
      company: { ...config.company, logoUrl: null },
      verifyUrl: `${config.appUrl}${customerPages.verify.href()}`,
    },
  });

  const contractLines = async () =>
    (await loadContractState(trx, quoteId))!.lines.map(({ key, description, quantity, unitPrice }) => ({
      key,
      description,
      quantity,
      unitPrice,
    }));
  const first = await createChangeOrder(trx, office, { quoteId });
  const [framing, drywall, ...rest] = await contractLines();
  await saveChangeOrderDraft(trx, office, {
    id: first.id,
    draft: {
      reason: 'Water damage found behind the north wall: the sill plate must be replaced before framing.',
      addedDays: 3,
      answerBy: day(7),
      lines: [
        { ...framing! },
        { ...drywall!, unitPrice: '4.45' },
        ...rest,
        { description: 'Replace rotten sill plate and treat for mold', quantity: '1', unitPrice: '1380.00' },
      ],
    },
  });
  await sendChangeOrder(trx, office, { id: first.id }, deps);
  const sent = (await sql<{ content_hash: string }>`SELECT content_hash FROM change_orders WHERE id = ${first.id}`.execute(trx)).rows[0]!;
  await approveChangeOrder(
    trx,
    customerMeta,
    {
      id: first.id,
      signerName: customer.name ?? 'Demo Customer',
      contentHash: sent.content_hash,
      customerEmail: email,
      consent: { version: CONSENT_VERSION, locale: 'en' },
      authMethod: 'password',
      personId: null,
    },
    {
      officeEmail: config.company.email,
      appUrl: config.appUrl,
      company: { ...config.company, logoUrl: config.company.logo ?? null },
      paperSize: config.pdfPaperSize,
      timeZone: config.company.timeZone,
      verifyUrl: `${config.appUrl}${customerPages.verify.href()}`,
    },
  );

  const second = await createChangeOrder(trx, office, { quoteId });
  const lines = await contractLines();
  await saveChangeOrderDraft(trx, office, {
    id: second.id,
    draft: {
      reason: 'Upgrade: the customer asked for a wet bar in the corner.',
      addedDays: 2,
      answerBy: day(10),
      lines: [
        ...lines.filter((l) => !l.description.startsWith('Recessed')),
        { description: 'Recessed lights, dimmable', quantity: '10', unitPrice: '165.00' },
        { description: 'Wet bar cabinet and sink, installed', quantity: '1', unitPrice: '2950.00' },
      ],
    },
  });
  await sendChangeOrder(trx, office, { id: second.id }, deps);
  await trx.deleteFrom('mail_outbox').where('sent_at', 'is', null).where('kind', 'like', '%change-order%').execute();
  await trx.deleteFrom('mail_outbox').where('to_address', '=', email.toLowerCase()).where('sent_at', 'is', null).execute();
}
