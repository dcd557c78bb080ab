import crypto from 'node:crypto';
import { CompiledQuery, type Kysely } from 'kysely';
import { deferrable } from '../db/deferred-begin';
import { literal, type SqlLiteral } from '../db/inline-parameters';
import type { Database } from '../db/schema';
import type { MailAttachment } from './attachments';

export interface OutgoingMail {
  kind: string;
  to: string;
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html?: string | undefined;
  /** Files sent with it, e.g. a calendar file (server/platform/mail/attachments.ts). */
  attachments?: MailAttachment[] | undefined;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string> | undefined;
}

/**
 * Queues an e-mail. Pass the transaction that stores what the e-mail is about, so both are kept
 * or neither is; the worker delivers it later, retrying until SMTP accepts it.
 */
export async function enqueueMail(db: Kysely<Database>, mail: OutgoingMail): Promise<number> {
  const [id] = await enqueueMails(db, [mail]);
  return id!;
}

const outboxRow = (mail: OutgoingMail, now: Date) => ({
  kind: mail.kind,
  to_address: mail.to,
  reply_to: mail.replyTo ?? null,
  subject: mail.subject,
  text_body: mail.text,
  html_body: mail.html ?? null,
  attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
  headers: mail.headers && Object.keys(mail.headers).length ? JSON.stringify(mail.headers) : null,
  next_attempt_at: now,
});

/** Queues several e-mails in one statement (one round trip), in the caller's transaction as enqueueMail. */
export async function enqueueMails(db: Kysely<Database>, mails: readonly OutgoingMail[]): Promise<number[]> {
  if (mails.length === 0) return [];
  const now = new Date();
  const rows = await db
    .insertInto('mail_outbox')
    .values(mails.map((mail) => outboxRow(mail, now)))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The outbox's columns as outboxRow fills them, in the order queueMails writes them. */
const OUTBOX_COLUMNS = Object.keys({
  kind: true,
  to_address: true,
  reply_to: true,
  subject: true,
  text_body: true,
  html_body: true,
  attachments: true,
  headers: true,
  next_attempt_at: true,
} satisfies Record<keyof ReturnType<typeof outboxRow>, true>) as (keyof ReturnType<typeof outboxRow>)[];
const OUTBOX_INSERT = `INSERT INTO mail_outbox (${OUTBOX_COLUMNS.join(', ')}) VALUES `;

/** Each mail's values as literals in OUTBOX_COLUMNS' order, or undefined when a text cannot be a literal (a NUL). */
function literalValues(mails: readonly OutgoingMail[]): SqlLiteral[][] | undefined {
  const now = new Date();
  const rows: SqlLiteral[][] = [];
  for (const mail of mails) {
    const row = { ...outboxRow(mail, now), next_attempt_at: now.toISOString() };
    const values = OUTBOX_COLUMNS.map((column) => literal(row[column]));
    if (values.some((value) => value === undefined)) return undefined;
    rows.push(values as SqlLiteral[]);
  }
  return rows;
}

/**
 * Queues several e-mails in one statement whose answer (their ids) is not read, in the caller's
 * transaction as enqueueMail: on PostgreSQL it waits and goes out with the transaction's next
 * statement or its COMMIT (server/platform/db/deferred-begin.ts), no round trip of its own. The
 * statement is written directly with its values as literals (no query built or compiled per call);
 * a text that cannot be a literal (a NUL) is sent as a parameter, in a statement of its own.
 */
export async function queueMails(db: Kysely<Database>, mails: readonly OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  const written = literalValues(mails);
  if (!written) {
    const now = new Date();
    await db
      .insertInto('mail_outbox')
      .values(mails.map((mail) => outboxRow(mail, now)))
      .execute();
    return;
  }
  await db.executeQuery(CompiledQuery.raw(deferrable(OUTBOX_INSERT + written.map((values) => `(${values.join(', ')})`).join(', '))));
}

/**
 * The INSERT that queues `mails` for the row of `source`, a data-modifying CTE of the same statement
 * that makes what they are about (a work request and its e-mails: one prepared statement, decisions
 * 296 and 298), with the e-mails' values as parameters $first, $first+1, … (`sql`) and those values as
 * literals in that order (`arguments`, for EXECUTE). The texts are written before that row exists:
 * where a subject or a text holds one of `marks` (made by textPlaceholder or idPlaceholder), the
 * database writes the row's value, an SQL expression over `source` (e.g. `created.id::text`). No row
 * in `source`, no e-mail. The text depends only on the number of e-mails and the marks, so it is the
 * same statement at every call. Undefined when a value cannot be a literal (a NUL).
 */
export function queueMailsForRowStatement(
  mails: readonly OutgoingMail[],
  source: string,
  marks: Record<string, string>,
  first: number,
): { sql: string; arguments: SqlLiteral[] } | undefined {
  const written = mails.length > 0 ? literalValues(mails) : undefined;
  if (!written) return undefined;
  const filled = (column: string) =>
    Object.entries(marks).reduce((text, [mark, value]) => `replace(${text}, ${literal(mark)}, ${value})`, `v.${column}`);
  const select = OUTBOX_COLUMNS.map((column) => {
    if (column === 'subject' || column === 'text_body' || column === 'html_body') return filled(column);
    if (column === 'attachments' || column === 'headers') return `v.${column}::jsonb`;
    if (column === 'next_attempt_at') return `v.${column}::timestamptz`;
    return `v.${column}`;
  });
  const rows = written.map((values, m) => `(${values.map((_, c) => `$${first + m * values.length + c}`).join(', ')})`);
  return {
    sql:
      `INSERT INTO mail_outbox (${OUTBOX_COLUMNS.join(', ')}) SELECT ${select.join(', ')} ` +
      `FROM ${source} CROSS JOIN (VALUES ${rows.join(', ')}) AS v(${OUTBOX_COLUMNS.join(', ')})`,
    arguments: written.flat(),
  };
}

/**
 * Strings to write in an e-mail's text in place of values the database makes, for queueMailsForRowStatement
 * to replace, with a random part per process that no one can guess (and a customer who typed one
 * would only see their own new order's value there): a text's (letters and digits, kept as they are by
 * any text, URL or header), and an id's, a number of 15 digits (written as those digits wherever the
 * id goes: `#${id}`, a page's link) that no row reaches.
 */
export const textPlaceholder = (name: string) => `${name}${crypto.randomBytes(12).toString('hex')}`;
export const idPlaceholder = (): number => 900_000_000_000_000 + crypto.randomInt(2 ** 40);
