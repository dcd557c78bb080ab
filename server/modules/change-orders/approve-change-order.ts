import { sql } from 'kysely';
import { signedChangeOrderFileName, type ChangeOrderView } from '../../../contracts/change-order-document';
import type { Locale } from '../../../contracts/locale';
import type { PdfPaperSize } from '../../../contracts/public';
import type { AuthMethod } from '../../../contracts/signatures';
import { NotFoundError } from '../../../domain/errors';
import type { PdfSetup } from '../../../web/shared/pdf/render';
import { ownedBy, type Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { enqueueMail } from '../../platform/mail/outbox';
import { certificateLabels } from '../signatures/certificate-labels';
import { recordSignature } from '../signatures/record-signature';
import { changeOrderDecided, changeOrderExpired, contractChanged, refusalOf } from './errors';
import { customerChangeOrderUrl, officeChangeOrderDecisionMail, officeChangeOrderUrl } from './mail';
import { changeOrderViews, loadChangeOrderRows, quoteOfChangeOrder, type ChangeOrderRow } from './repository';

export interface ChangeOrderDecisionDeps {
  officeEmail: string;
  appUrl: string;
}

/** What an approval's signed PDF and certificate need (contract-spec §1), as the quote's approval has it. */
export interface ChangeOrderSigningDeps extends ChangeOrderDecisionDeps {
  company: PdfSetup['company'];
  paperSize: PdfPaperSize;
  timeZone: string;
  verifyUrl: string;
}

export interface ApproveChangeOrderInput {
  id: number;
  signerName: string;
  contentHash: string;
  customerEmail: string;
  /** Who signed, when a person of the account did (decision 247): the certificate's e-mail. */
  signerEmail?: string;
  /** The electronic consent given in the dialog, how the session signed in, the account. */
  consent: { version: string; locale: Locale };
  authMethod: AuthMethod;
  personId: string | null;
}

/**
 * The customer approves a change order, in their scope and one transaction. ONE conditional UPDATE
 * decides (still Sent, with the content the customer saw); the database's trigger (change-orders.sql)
 * refuses it after 'Answer by' or when another change order was approved since this one was sent, and
 * of two approvals of one change order the second finds it no longer Sent. It is signed with the
 * evidence of a quote's approval (contract-spec §1, §2): in this transaction the signer's events are
 * chained ('change_order' documents) and the seal row written (decision 269); after the commit the
 * seal draws the signed PDF, appends its certificate, keeps the file in signed_documents, queues the
 * copy to the signer with the PDF attached and names the PDF's SHA-256 on the approval row, which
 * keeps the consent and how the signer signed in.
 */
export async function approveChangeOrder(
  db: Db,
  meta: RequestMeta,
  input: ApproveChangeOrderInput,
  deps: ChangeOrderSigningDeps,
): Promise<ChangeOrderView> {
  const row = await openChangeOrder(db, input.id);
  if (row.content_hash !== input.contentHash) throw contractChanged();
  await decide(db, input.id, 'Approved', input.contentHash);
  await signChangeOrder(db, meta, input, row, deps);
  // pdf_sha256 is the seal's to fill, with the file it makes after the commit (decision 269).
  await sql`
    INSERT INTO change_order_approvals (change_order_id, decision, signer_name, ip, user_agent, content_hash,
      consent_version, consent_locale, auth_method, pdf_sha256, person_id)
    VALUES (${input.id}, 'Approved', ${input.signerName}, ${meta.ip}, ${meta.userAgent}, ${input.contentHash},
      ${input.consent.version}, ${input.consent.locale}, ${input.authMethod}, NULL, ${input.personId})`.execute(db);
  await enqueueMail(db, {
    kind: 'change-order-approved',
    to: deps.officeEmail,
    replyTo: input.customerEmail,
    ...officeChangeOrderDecisionMail({
      quoteId: Number(row.quote_id),
      number: row.number,
      decision: 'Approved',
      customerEmail: input.customerEmail,
      signerName: input.signerName,
      reason: null,
      amount: row.amount,
      totalAfter: row.total_after,
      officeUrl: officeChangeOrderUrl(deps.appUrl, input.id),
    }),
  });
  return reread(db, row);
}

/** The change order as the customer may answer it, or the reason they cannot (404 when it is not theirs). */
export async function openChangeOrder(db: Db, id: number): Promise<ChangeOrderRow> {
  const quoteId = await quoteOfChangeOrder(db, id);
  if (quoteId === undefined) throw new NotFoundError('Change order not found.');
  const row = (await loadChangeOrderRows(db, quoteId, { id }))[0]!;
  if (row.status === 'Expired') throw changeOrderExpired();
  if (row.status !== 'Sent') throw changeOrderDecided();
  if (Number(row.approved_now) !== row.base_approved && row.status === 'Sent') throw contractChanged();
  return row;
}

/** The one conditional UPDATE; a lost race is 'already answered', the trigger's refusals their own errors. */
export async function decide(db: Db, id: number, status: 'Approved' | 'Declined', contentHash: string): Promise<void> {
  await sql`SAVEPOINT change_order_decision`.execute(db);
  let changed: number;
  try {
    const result = await sql`
      UPDATE change_orders SET status = ${status} WHERE id = ${id} AND status = 'Sent' AND content_hash = ${contentHash} RETURNING id`.execute(
      db,
    );
    changed = result.rows.length;
  } catch (err) {
    await sql`ROLLBACK TO SAVEPOINT change_order_decision`.execute(db);
    throw refusalOf(err) ?? err;
  }
  if (changed !== 1) throw changeOrderDecided();
}

export async function reread(db: Db, row: ChangeOrderRow): Promise<ChangeOrderView> {
  const [one] = await changeOrderViews(db, await loadChangeOrderRows(db, Number(row.quote_id), { id: Number(row.id) }));
  return one!.view;
}

/** The change order's signature and its seal row (server/modules/signatures/seal.ts), in the signer's language. */
async function signChangeOrder(
  db: Db,
  meta: RequestMeta,
  input: ApproveChangeOrderInput,
  row: ChangeOrderRow,
  deps: ChangeOrderSigningDeps,
) {
  const locale = input.consent.locale;
  const quoteId = Number(row.quote_id);
  const { rows } = await sql<{ now: Date | string }>`SELECT now() AS now`.execute(db);
  const decidedAt = new Date(rows[0]!.now).toISOString();
  const profile = await db
    .selectFrom('customers')
    .select(['name', 'email', 'phone', 'address'])
    .where(ownedBy(input.customerEmail))
    .executeTakeFirst();
  const order = await reread(db, row);
  await recordSignature(db, meta, {
    documentKind: 'change_order',
    documentId: input.id,
    quoteId,
    changeOrderId: input.id,
    version: row.number,
    payload: {
      render: {
        kind: 'change_order',
        order,
        signature: { signerName: input.signerName, decidedAt, contentHash: input.contentHash },
        setup: {
          company: deps.company,
          customer: profile ?? { name: null, email: input.customerEmail, phone: null, address: null },
          paperSize: deps.paperSize,
        },
        locale,
        timeZone: deps.timeZone,
      },
      documentTitle: certificateLabels[locale].changeOrder(quoteId, row.number),
      contentHash: input.contentHash,
      signer: {
        name: input.signerName,
        email: input.signerEmail ?? input.customerEmail,
        personId: input.personId,
        locale,
        authMethod: input.authMethod,
      },
      consent: input.consent,
      setup: { company: deps.company.name, timeZone: deps.timeZone, paperSize: deps.paperSize, verifyUrl: deps.verifyUrl },
      fileName: signedChangeOrderFileName(quoteId, row.number),
      copy: {
        kind: 'change_order',
        to: input.customerEmail,
        locale,
        facts: {
          company: deps.company.name,
          quoteId,
          number: row.number,
          signerName: input.signerName,
          amount: row.amount,
          totalBefore: row.total_before,
          totalAfter: row.total_after,
          url: customerChangeOrderUrl(deps.appUrl, quoteId),
          verifyUrl: deps.verifyUrl,
        },
      },
    },
  });
}
