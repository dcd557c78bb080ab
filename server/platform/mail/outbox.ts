import type { Kysely } from 'kysely';
import { deferrable } from '../db/deferred-begin';
import { inlineParameters } from '../db/inline-parameters';
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

/**
 * Queues several e-mails in one statement whose answer (their ids) is not read, in the caller's
 * transaction as enqueueMail: on PostgreSQL it waits and goes out with the transaction's next
 * statement or its COMMIT (server/platform/db/deferred-begin.ts), no round trip of its own.
 */
export async function queueMails(db: Kysely<Database>, mails: readonly OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  const now = new Date();
  const insert = inlineParameters(
    db
      .insertInto('mail_outbox')
      .values(mails.map((mail) => ({ ...outboxRow(mail, now), next_attempt_at: now.toISOString() })))
      .compile(),
  );
  await db.executeQuery(insert.parameters.length ? insert : { ...insert, sql: deferrable(insert.sql) });
}
