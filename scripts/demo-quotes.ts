import { sql, type Transaction } from 'kysely';
import type { QuoteDraft } from '../contracts/office/quotes';
import { COMMAND_LINE_ACTOR } from '../server/platform/audit';
import { createQuote } from '../server/modules/quotes/create-quote';
import { createQuoteVersion } from '../server/modules/quotes/create-quote-version';
import { saveQuoteDraft } from '../server/modules/quotes/save-quote-draft';
import { sendQuote } from '../server/modules/quotes/send-quote';
import { loadVersions } from '../server/modules/quotes/versions-repository';
import { decideQuote } from '../server/modules/quotes/decide-quote';
import { customerQuoteUrl, officeQuoteUrl } from '../server/modules/quotes/mail';
import { customerPages } from '../contracts/pages';
import { CONSENT_VERSION } from '../contracts/signatures';
import { resolveAuthSecret } from '../server/auth/secret';
import type { Config } from '../server/platform/config';
import type { Database } from '../server/platform/db/schema';

/**
 * The demo's written quotes (issue 11), made by the office's own operations as the command line:
 * a bathroom quote in two versions (so 'What changed' shows: a price lowered, a line removed, one
 * added) and a windows quote with optional lines to tick when approving. Called by scripts/demo.ts
 * in its transaction, after it cleared the demo customer's quotes.
 */
export async function putDemoQuotes(trx: Transaction<Database>, email: string, config: Config): Promise<void> {
  const meta = { actor: COMMAND_LINE_ACTOR, ip: null, userAgent: null };
  const mailDeps = { config, secret: resolveAuthSecret(config.authSecret, config.dataDir) };
  const customer = await trx
    .selectFrom('customers')
    .select('id')
    .where(sql<boolean>`lower(email) = lower(${email})`)
    .executeTakeFirstOrThrow();
  const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const terms = 'A 30 % deposit on approval, the rest on completion. Prices include materials and labour.';

  const bathroom: QuoteDraft = {
    description: 'Bathroom refresh: tile, vanity and fixtures.',
    lines: [
      { description: 'Remove old tile and prepare walls', quantity: '1', unitPrice: '850.00', optional: false },
      { description: 'Porcelain wall tile, installed (sq ft)', quantity: '96.5', unitPrice: '14.75', optional: false },
      { description: 'Vanity with quartz top', quantity: '1', unitPrice: '1240.00', optional: false },
      { description: 'Faucet and shower set', quantity: '1', unitPrice: '389.99', optional: false },
    ],
    taxRate: '8.25',
    validUntil,
    terms,
  };
  const bathId = await createQuote(trx, meta, { customerId: Number(customer.id), ...bathroom });
  await sendQuote(trx, meta, { quoteId: bathId }, mailDeps);
  await trx
    .insertInto('quote_requests')
    .values({
      quote_id: bathId,
      email,
      message: 'Could we keep our vanity and use a less expensive tile? We would also like an exhaust fan.',
    })
    .execute();
  await trx.updateTable('quotes').set({ status: 'Revision Requested' }).where('id', '=', bathId).execute();
  await createQuoteVersion(trx, meta, { quoteId: bathId });
  const [, draft] = await loadVersions(trx, bathId, { sentOnly: false });
  const [demolition, tile, , fixtures] = draft!.lines;
  await saveQuoteDraft(trx, meta, {
    quoteId: bathId,
    draft: {
      ...bathroom,
      lines: [
        { ...demolition! },
        { ...tile!, unitPrice: '11.90' },
        { ...fixtures! },
        { description: 'Quiet exhaust fan, vented outside', quantity: '1', unitPrice: '310.00', optional: false },
      ],
    },
  });
  await sendQuote(trx, meta, { quoteId: bathId }, mailDeps);

  const windows: QuoteDraft = {
    description: 'Replace six windows on the south side with double-glazed units.',
    lines: [
      { description: 'Double-glazed window, installed', quantity: '6', unitPrice: '685.00', optional: false },
      { description: 'Haul away old windows', quantity: '1', unitPrice: '120.00', optional: false },
      { description: 'Interior trim, painted', quantity: '6', unitPrice: '95.50', optional: true },
      { description: 'Insect screens', quantity: '6', unitPrice: '42.25', optional: true },
    ],
    taxRate: '8.25',
    validUntil,
    terms,
  };
  const windowsId = await createQuote(trx, meta, { customerId: Number(customer.id), ...windows });
  await sendQuote(trx, meta, { quoteId: windowsId }, mailDeps);
  await putDemoSignedQuote(trx, email, config, { customerId: Number(customer.id), validUntil, terms });
  // The e-mails these sends queued are not needed for the demo account.
  await trx.deleteFrom('mail_outbox').where('to_address', '=', email.toLowerCase()).where('sent_at', 'is', null).execute();
}

/**
 * Issue 24: a deck quote the customer opened and approved with the electronic consent, so the demo
 * shows 'Download signed PDF' (with its certificate and event chain) and /verify has a file to check.
 * The approval is the customer's own operation (decideQuote), as from the portal.
 */
async function putDemoSignedQuote(
  trx: Transaction<Database>,
  email: string,
  config: Config,
  at: { customerId: number; validUntil: string; terms: string },
): Promise<void> {
  const meta = { actor: COMMAND_LINE_ACTOR, ip: null, userAgent: null };
  const mailDeps = { config, secret: resolveAuthSecret(config.authSecret, config.dataDir) };
  const deck: QuoteDraft = {
    description: 'Cedar deck, 12 x 16 ft, with a railing and two steps down to the garden.',
    lines: [
      { description: 'Cedar decking and framing, installed (sq ft)', quantity: '192', unitPrice: '18.40', optional: false },
      { description: 'Railing, cedar with aluminium balusters (ft)', quantity: '28', unitPrice: '42.00', optional: false },
      { description: 'Two steps with landing pad', quantity: '1', unitPrice: '640.00', optional: false },
      { description: 'Stain and seal, two coats', quantity: '1', unitPrice: '520.00', optional: true },
      { description: 'Low-voltage step lights', quantity: '4', unitPrice: '65.00', optional: true },
    ],
    taxRate: '8.25',
    validUntil: at.validUntil,
    terms: at.terms,
  };
  const deckId = await createQuote(trx, meta, { customerId: at.customerId, ...deck });
  await sendQuote(trx, meta, { quoteId: deckId }, mailDeps);
  // The customer opens it ('first opened'), then signs it choosing the stain.
  await trx
    .updateTable('quotes')
    .set({ viewed_at: sql<Date>`now()` })
    .where('id', '=', deckId)
    .execute();
  const [version] = await loadVersions(trx, deckId, { sentOnly: true });
  const stain = version!.lines.find((line) => line.optional)!;
  const user = await trx.selectFrom('user').select(['id', 'name', 'locale']).where('email', '=', email).executeTakeFirstOrThrow();
  await decideQuote(
    trx,
    { actor: email, ip: '203.0.113.24', userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Safari/605.1.15 (demo)' },
    {
      quoteId: deckId,
      version: version!.version,
      decision: 'Approved',
      customer: { email, name: user.name, locale: user.locale ?? 'en' },
      signerName: user.name,
      optionalItemIds: [stain.id],
      officeEmail: config.company.email,
      officeUrl: officeQuoteUrl(config.appUrl, deckId),
      customerUrl: customerQuoteUrl(config.appUrl, deckId),
      company: config.company.name,
      timeZone: config.company.timeZone,
      consent: { version: CONSENT_VERSION, locale: 'en' },
      authMethod: 'password',
      personId: user.id,
      signing: {
        paperSize: config.pdfPaperSize,
        company: { ...config.company, logoUrl: null },
        verifyUrl: `${config.appUrl}${customerPages.verify.href()}`,
      },
    },
  );
}

/**
 * The demo's quotes put in with plain SQL, as the office did before it had the editor (no versions):
 * an Approved one with its history, a Pending one, and a Revision Requested one with the customer's
 * request (in the office's Inbox).
 */
export async function putDemoSqlQuotes(trx: Transaction<Database>, email: string): Promise<void> {
  const daysAgo = (n: number) => sql<Date>`now() - make_interval(days => ${n})`;
  // Each quote is put in with its first status logged by hand, as the office does, and moved through the
  // rest; the database logs every change (migrations 011, 055). The log rows are then dated over the
  // days the demo pretends they took.
  const quotes = [
    {
      description: 'Kitchen remodel: cabinets, quartz countertops, tile backsplash and lighting.',
      total: '18450.00',
      history: ['Draft', 'Sent', 'Approved'],
      age: 30,
    },
    {
      description: 'Roof inspection and replacement of 12 damaged shingles on the north slope.',
      total: '1275.50',
      history: ['Pending'],
      age: 9,
    },
    {
      description: 'Backyard deck, 16 x 20 ft, pressure-treated lumber with railing and stairs.',
      total: '9800.00',
      history: ['Sent', 'Revision Requested'],
      age: 4,
      revisionRequest: 'Could the deck be 14 x 18 ft instead, with a simpler railing? We would like to keep it under $9,000.',
    },
  ];
  for (const q of quotes) {
    const [first, ...later] = q.history;
    const { id } = await trx
      .insertInto('quotes')
      .values({ email, description: q.description, total: q.total, status: first!, created_at: daysAgo(q.age) })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The database logs each change of status; the first one is written with the quote, as the office does.
    await trx
      .insertInto('quote_status_log')
      .values({ quote_id: id, status: first!, timestamp: daysAgo(q.age) })
      .execute();
    // A 'Revision Requested' quote comes with the customer's request, as the portal makes it, so it is in
    // the office's Inbox (a trigger makes the entry) with its message.
    if (q.revisionRequest) {
      await trx
        .insertInto('quote_requests')
        .values({ quote_id: id, email, message: q.revisionRequest, requested_at: daysAgo(q.age - 3) })
        .execute();
    }
    for (const status of later) await trx.updateTable('quotes').set({ status }).where('id', '=', id).execute();
    const log = await trx.selectFrom('quote_status_log').select('id').where('quote_id', '=', id).orderBy('id').execute();
    for (const [i, row] of log.entries()) {
      await trx
        .updateTable('quote_status_log')
        .set({ timestamp: daysAgo(q.age - i * 3) })
        .where('id', '=', row.id)
        .execute();
    }
  }
}
