import { CompiledQuery, type Kysely } from 'kysely';
import { deferrable } from '../db/deferred-begin';
import { literal } from '../db/inline-parameters';
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

/**
 * Queues several e-mails in one statement whose answer (their ids) is not read, in the caller's
 * transaction as enqueueMail: on PostgreSQL it waits and goes out with the transaction's next
 * statement or its COMMIT (server/platform/db/deferred-begin.ts), no round trip of its own. The
 * statement is written directly with its values as literals (no query built or compiled per call);
 * a text that cannot be a literal (a NUL) is sent as a parameter, in a statement of its own.
 */
export async function queueMails(db: Kysely<Database>, mails: readonly OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  const now = new Date();
  const rows = mails.map((mail) => ({ ...outboxRow(mail, now), next_attempt_at: now.toISOString() }));
  const written: string[] = [];
  for (const row of rows) {
    const values = OUTBOX_COLUMNS.map((column) => literal(row[column]));
    if (values.some((value) => value === undefined)) {
      await db.insertInto('mail_outbox').values(rows).execute();
      return;
    }
    written.push(`(${values.join(', ')})`);
  }
  await db.executeQuery(CompiledQuery.raw(deferrable(OUTBOX_INSERT + written.join(', '))));
}
