import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { execStatements } from './exec-statements';

/**
 * The CURRENT definition of every function, trigger, policy and grant lives in sql/<concern>.sql,
 * written to be applied again and again (CREATE OR REPLACE, DROP POLICY IF EXISTS + CREATE POLICY,
 * REVOKE + GRANT). Migrations apply them; the history stays in migrations/.
 *
 * To change one: edit its file and add the next migration, listed in `sqlSteps` with the files it
 * re-applies (its up() calls applySqlStep). A file is applied by the LAST migration that lists it:
 * the file holds today's text, which may name a table a later migration made, so on a fresh database
 * the earlier listings skip it (databases that ran them applied the text of their day, and the last
 * listing brings them to today's).
 */
export const sqlFiles = [
  'search',
  'quote-status-log',
  'work-order-events',
  'quote-freeze',
  'quote-expiry',
  'inbox',
  'email-change',
  'session-notify',
  'audit-log',
  'row-level-security',
  'grants',
  'signatures',
  'change-orders',
  'portal-invitations',
  'invoices',
  'payments',
  'properties',
  'account-people',
  'work-orders',
] as const;
export type SqlFile = (typeof sqlFiles)[number];

/** Which migration applies which files (in the order of sqlFiles). Keys are migration names. */
export const sqlSteps: Record<string, readonly SqlFile[]> = {
  '081_current_sql': sqlFiles,
  '082_signature_evidence': ['signatures'],
  '085_change_orders': ['change-orders'],
  '089_portal_invitations': ['portal-invitations'],
  '092_change_order_evidence': ['signatures'],
  '093_invoices': ['email-change', 'invoices'],
  '100_checkout_attempts': ['payments'],
  '105_properties': ['email-change', 'grants', 'properties'],
  '113_change_order_opened': ['signatures', 'change-orders'],
  '114_account_people': ['grants', 'account-people'],
  '115_payment_person': ['payments'],
  '120_property_edit': ['properties'],
  '121_signature_seals': ['quote-freeze', 'signatures', 'change-orders'],
  '122_cached_plans': ['invoices', 'properties', 'account-people', 'work-orders'],
  '123_approval_ids': ['grants'],
};

/** Files applied as the owner of the audit log (audit-log.sql says why). */
const AS_AUDIT_OWNER: ReadonlySet<SqlFile> = new Set(['audit-log']);

/**
 * Where the files are: next to this module when it runs from the sources (tsx, vitest), next to
 * dist/server/main.js in the built server (scripts/build-server.ts copies the folder there).
 */
const SQL_DIR = new URL('./sql/', import.meta.url);

export const readSqlFile = (file: SqlFile): string => fs.readFileSync(new URL(`${file}.sql`, SQL_DIR), 'utf8');

async function applyFile<DB>(db: Kysely<DB>, file: SqlFile): Promise<void> {
  const asOwner = AS_AUDIT_OWNER.has(file);
  if (asOwner) {
    // As migration 072 did for the hand-over: the rights to act as the owner and to (re)create its
    // function in the schema, for this file only.
    await sql`GRANT portal_audit_owner TO CURRENT_USER`.execute(db);
    await sql`GRANT CREATE ON SCHEMA public TO portal_audit_owner`.execute(db);
    await sql`SET LOCAL ROLE portal_audit_owner`.execute(db);
  }
  await execStatements(db, readSqlFile(file));
  if (asOwner) {
    await sql`RESET ROLE`.execute(db);
    await sql`REVOKE CREATE ON SCHEMA public FROM portal_audit_owner`.execute(db);
    await sql`REVOKE portal_audit_owner FROM CURRENT_USER`.execute(db);
  }
}

/**
 * Applies the files a migration lists in `sqlSteps`, except those a later migration lists again
 * (that one applies them, see above).
 */
export async function applySqlStep<DB>(db: Kysely<DB>, migration: string): Promise<void> {
  const files = sqlSteps[migration];
  if (!files) throw new Error(`migration ${migration} is not in sqlSteps`);
  const later = Object.entries(sqlSteps).filter(([name]) => name > migration);
  for (const file of files) {
    if (later.some(([, listed]) => listed.includes(file))) continue;
    await applyFile(db, file);
  }
}
