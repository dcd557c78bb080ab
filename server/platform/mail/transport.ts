import nodemailer from 'nodemailer';
import type { Logger } from '../logger';
import { attachmentsOf, headersOf } from './attachments';
import type { MailTransport } from './worker';

/** Delivers through SMTP_URL with nodemailer. */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  // Every send gives up well within the worker's lease (120 s), so a stalled server can never make
  // another instance pick the same message up while this one may still deliver it.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    via: 'smtp',
    async send(row) {
      await transporter.sendMail({
        from,
        to: row.to_address,
        replyTo: row.reply_to ?? undefined,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body ?? undefined,
        headers: headersOf(row),
        attachments: attachmentsOf(row).map((a) => ({
          filename: a.filename,
          content: a.content,
          contentType: a.contentType,
          encoding: a.encoding,
        })),
      });
    },
    close: () => transporter.close(),
  };
}

/** Without SMTP_URL: the message stays in the outbox and is printed, links included, to the log. */
export function logTransport(logger: Logger): MailTransport {
  return {
    via: 'log',
    async send(row) {
      logger.info('e-mail (SMTP_URL not set, not delivered)', {
        mailId: row.id,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        attachments: attachmentsOf(row).map((a) => a.filename),
      });
    },
  };
}
