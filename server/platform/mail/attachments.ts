import type { OutboxRow } from './worker';

/** A file sent with an e-mail, kept as text in the outbox row (mail_outbox.attachments, migration 041). */
export interface MailAttachment {
  filename: string;
  /** e.g. 'text/calendar; charset=utf-8; method=PUBLISH' */
  contentType: string;
  content: string;
  /** 'base64' for a binary file (a signed PDF); absent: content is the text itself. */
  encoding?: 'base64' | undefined;
}

const isAttachment = (value: unknown): value is MailAttachment =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as MailAttachment).filename === 'string' &&
  typeof (value as MailAttachment).contentType === 'string' &&
  typeof (value as MailAttachment).content === 'string';

/** jsonb comes back parsed from both drivers; a string is parsed here in case a driver leaves it as text. */
const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** The row's attachments (none when the column is empty); a malformed entry is a bug, so it throws. */
export function attachmentsOf(row: Pick<OutboxRow, 'attachments'>): MailAttachment[] {
  const value = json(row.attachments);
  if (value == null) return [];
  if (!Array.isArray(value) || !value.every(isAttachment)) throw new Error('mail_outbox.attachments is not a list of attachments');
  return value;
}

/** Extra headers of the row (e.g. List-Unsubscribe); none when the column is empty. */
export function headersOf(row: Pick<OutboxRow, 'headers'>): Record<string, string> {
  const value = json(row.headers);
  if (value == null) return {};
  if (typeof value !== 'object' || Array.isArray(value) || !Object.values(value).every((v) => typeof v === 'string')) {
    throw new Error('mail_outbox.headers is not an object of strings');
  }
  return value as Record<string, string>;
}
