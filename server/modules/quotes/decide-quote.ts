import type { QuoteDecided } from '../../../contracts/customer/quotes';
import { NotFoundError } from '../../../domain/errors';
import { quoteTotals } from '../../../domain/money';
import { effectiveStatus, quoteChanged, quoteExpired } from '../../../domain/quotes/statuses';
import type { Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { queueMails } from '../../platform/mail/outbox';
import { executeHeld } from '../../platform/db/inline-parameters';
import { officeQuoteDecisionMail } from './mail';
import { toLocale, type Locale } from '../../../contracts/locale';
import { issueDepositInvoice, type DepositDeps } from '../invoices/issue-deposit-invoice';
import type { PdfPaperSize } from '../../../contracts/public';
import { signedQuoteFileName, type AuthMethod } from '../../../contracts/signatures';
import type { PdfSetup } from '../../../web/shared/pdf/render';
import { certificateLabels } from '../signatures/certificate-labels';
import { recordSignature } from '../signatures/record-signature';
import { claimDecision, decisionRecord, publicDecision, type Profile } from './decisions-repository';
import { findOwnedQuote } from './get-customer-quote';
import { publicVersion, type VersionRecord } from './versions-repository';

export interface DecisionInput {
  quoteId: number;
  version: number;
  decision: 'Approved' | 'Declined';
  /** email: the account's (its records' key); personEmail: who decided, when a person of the account did (decision 247). */
  customer: { email: string; name: string; locale?: string; personEmail?: string };
  /** Approve: the typed full name and the chosen optional lines (quote_line_items ids). */
  signerName?: string;
  optionalItemIds?: number[];
  /** Decline: the reason, if given. */
  reason?: string | null;
  officeEmail: string;
  officeUrl: string;
  /** The customer's page of the quote, linked from their copy of an approval. */
  customerUrl: string;
  company: string;
  /** The company's time zone (COMPANY_TIMEZONE): valid-until is a day there. */
  timeZone: string;
  /** Approve (contract-spec §1): the consent given, how the session signed in, the account. */
  consent?: { version: string; locale: Locale };
  authMethod?: AuthMethod;
  personId?: string | null;
  /** Days from issue to a deposit invoice's due date (INVOICE_DUE_DAYS) and the links of its e-mail. */
  deposit?: DepositDeps;
  /** The signed PDF's paper (PDF_PAPER_SIZE), the company's details for it, the /verify page. */
  signing?: { paperSize: PdfPaperSize; company: PdfSetup['company']; verifyUrl: string };
}

/**
 * Approve or decline, in the customer's scope and one transaction. ONE conditional UPDATE decides
 * (claimDecision): the quote must still be Sent, at the version the customer saw, and not past its
 * valid-until day. Of two approvals, or an approval racing the office sending a new version, exactly
 * one changes the row and the loser gets the spec's 409. The decision is stored with the version's
 * content hash and the signed total; the office is e-mailed. On PostgreSQL two round trips: the claim
 * (with the BEGIN and the scope), then everything it writes with the COMMIT (decision 297).
 */
export async function decideQuote(db: Db, meta: RequestMeta, input: DecisionInput): Promise<QuoteDecided> {
  const { quoteId, version, customer } = input;
  // The row's time is the transaction's (the claim's now()) only inside one transaction.
  if (!db.isTransaction) throw new Error('decideQuote runs in a transaction (withCustomerScope)');
  const won = await claimDecision(db, { quoteId, version, decision: input.decision, email: customer.email, timeZone: input.timeZone });
  if (!won) throw await whyRefused(db, input);
  const { sent, profile } = won;
  if (!sent) throw quoteChanged();

  const approved = input.decision === 'Approved';
  const chosen = new Set(input.optionalItemIds ?? []);
  const optionalIds = new Set(sent.lines.filter((l) => l.optional).map((l) => l.id));
  // Lines of another version: the customer's page is out of date.
  if ([...chosen].some((id) => !optionalIds.has(id))) throw quoteChanged();
  const totals = approved ? quoteTotals(sent.lines, sent.taxRate, (i) => chosen.has(sent.lines[i]!.id)) : null;
  const total = totals?.total ?? null;
  const chosenOptional = sent.lines.filter((l) => chosen.has(l.id)).map((l) => l.description);
  // An approval is signed with evidence (contract-spec §1): the signer's events and the seal row are
  // written here, in this transaction; the signed PDF, its certificate and the copy are made after the
  // commit by the seal (decision 269), which then names the PDF's hash on the approval row.
  if (totals)
    await signApproval(db, meta, input, {
      sent,
      profile,
      totals,
      chosenOptional,
      decisionId: won.decisionId,
      createdAt: won.createdAt,
      decidedAt: won.decidedAt,
    });
  // The approval row (decided_at is the column's default, now(): the transaction's time, as the claim
  // answered it). Its answer is not read, its id came with the claim: it goes out with the
  // transaction's next statement (decision 297), and the database's checks on it (quote_approval_guard)
  // fail that one.
  const row = {
    id: won.decisionId,
    quote_id: quoteId,
    version,
    decision: input.decision,
    signer_name: approved ? (input.signerName ?? null) : null,
    reason: approved ? null : (input.reason ?? null),
    optional_item_ids: approved ? [...chosen] : [],
    total,
    ip: meta.ip,
    user_agent: meta.userAgent,
    content_hash: sent.contentHash!,
    consent_version: approved ? (input.consent?.version ?? null) : null,
    consent_locale: approved ? (input.consent?.locale ?? null) : null,
    auth_method: approved ? (input.authMethod ?? null) : null,
    pdf_sha256: null,
    person_id: input.personId ?? null,
  };
  await executeHeld(db, db.insertInto('quote_approvals').values({ ...row, optional_item_ids: `{${row.optional_item_ids.join(',')}}` }));
  // Its answer is not read: it goes out with the transaction's next statement (decision 239).
  await queueMails(db, [
    {
      kind: approved ? 'quote-approved' : 'quote-declined',
      to: input.officeEmail,
      replyTo: customer.email,
      ...officeQuoteDecisionMail({
        quoteId,
        version,
        decision: input.decision,
        customerName: customer.name,
        customerEmail: customer.email,
        total,
        signerName: input.signerName ?? null,
        chosenOptional,
        reason: input.reason ?? null,
        officeUrl: input.officeUrl,
      }),
    },
  ]);
  // contract-spec §3: a deposit invoice is created and sent at once, in this transaction.
  const depositInvoiceId =
    approved && input.deposit
      ? await issueDepositInvoice(
          db,
          { quoteId, depositPercent: sent.depositPercent ?? 0, locale: input.consent?.locale ?? toLocale(customer.locale) },
          input.deposit,
        )
      : null;
  return { status: input.decision, decision: publicDecision(decisionRecord({ ...row, decided_at: won.decidedAt })), depositInvoiceId };
}

/** Why the conditional UPDATE changed nothing: not theirs (404), another version or status, or expired (409). */
async function whyRefused(db: Db, input: DecisionInput) {
  const quote = await findOwnedQuote(db, input.quoteId, input.customer.email, input.timeZone);
  if (!quote) return new NotFoundError('Quote not found.');
  if (quote.current_version !== input.version) return quoteChanged();
  const expired = effectiveStatus('Sent', quote.valid_until, quote.today) === 'Expired';
  if (expired && (quote.status === 'Sent' || quote.status === 'Expired')) return quoteExpired();
  return quoteChanged();
}

/**
 * The signature of the version as approved (decision 269): the events 'consented' and 'signed' and the
 * seal row with what the signed PDF needs as it is now (the browser's layout, signature block
 * included; the customer's details; the set-up), the certificate's facts and the copy's wording, in
 * the signer's language (the one the consent was read in). The seal makes the file after the commit.
 */
async function signApproval(
  db: Db,
  meta: RequestMeta,
  input: DecisionInput,
  signed: {
    sent: VersionRecord;
    /** The customer's details as they are now, for the signed PDF (undefined: no customers row). */
    profile: Profile | undefined;
    totals: { subtotal: string; tax: string; total: string };
    chosenOptional: string[];
    /** The approval row's id, the quote's creation and the decision's time, as the claim answered them. */
    decisionId: number;
    createdAt: Date;
    decidedAt: Date;
  },
) {
  const { quoteId, version, customer } = input;
  const { sent, profile, totals, chosenOptional } = signed;
  if (!input.consent || !input.signing) throw new Error('an approval needs the consent and the signing set-up');
  const locale = input.consent.locale;
  const decidedAt = new Date(signed.decidedAt).toISOString();
  const facts = { ...totals, company: input.company, quoteId, version, description: sent.description ?? '', url: input.customerUrl };
  await recordSignature(db, meta, {
    documentKind: 'quote',
    documentId: quoteId,
    quoteId,
    version,
    payload: {
      render: {
        kind: 'quote',
        quote: {
          id: quoteId,
          description: sent.description ?? '',
          created_at: new Date(signed.createdAt).toISOString(),
          status: 'Approved',
          version: publicVersion(sent),
          currentVersion: version,
          decision: {
            id: signed.decisionId,
            version,
            decision: 'Approved',
            signerName: input.signerName ?? null,
            reason: null,
            optionalItemIds: [...(input.optionalItemIds ?? [])],
            total: totals.total,
            decidedAt,
            contentHash: sent.contentHash!,
          },
        },
        setup: {
          company: input.signing.company,
          customer: profile ?? { name: customer.name, email: customer.email, phone: null, address: null },
          paperSize: input.signing.paperSize,
        },
        locale,
        timeZone: input.timeZone,
      },
      documentTitle: certificateLabels[locale].quote(quoteId, version),
      contentHash: sent.contentHash!,
      signer: {
        name: input.signerName ?? '',
        email: customer.personEmail ?? customer.email,
        personId: input.personId ?? null,
        locale,
        authMethod: input.authMethod ?? 'password',
      },
      consent: input.consent,
      setup: { company: input.company, timeZone: input.timeZone, paperSize: input.signing.paperSize, verifyUrl: input.signing.verifyUrl },
      fileName: signedQuoteFileName(quoteId),
      copy: {
        kind: 'quote',
        to: customer.email,
        locale,
        facts: { ...facts, signerName: input.signerName ?? '', chosenOptional, verifyUrl: input.signing.verifyUrl },
      },
    },
  });
}
