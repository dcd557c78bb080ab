import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements';
import { applySqlStep } from '../sql-files';

/**
 * Signature evidence for change orders (contract-spec §2: 'approves it with the same dialog as a
 * quote (consent, name, signature evidence of §1)'): change_order_approvals gains the consent
 * (version, language), how the signer was authenticated, the signed PDF's SHA-256 and the signer's
 * account, as quote_approvals did in 082. sql/signatures.sql (re-applied here) lets the customer's
 * role write the events and the signed document of their own change orders and records 'sent' when
 * a change order is sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    ALTER TABLE change_order_approvals
      ADD COLUMN consent_version text,
      ADD COLUMN consent_locale  text CHECK (consent_locale IN ('en', 'es')),
      ADD COLUMN auth_method     text CHECK (auth_method IN ('password', 'google', 'sign_in_link')),
      ADD COLUMN pdf_sha256      text,
      ADD COLUMN person_id       text;
  `,
  );
  await applySqlStep(db, '092_change_order_evidence');
}
