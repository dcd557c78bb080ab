import nodemailer from 'nodemailer';
import type { Logger } from '../logger';
import type { MailTransport } from './worker';

/** Delivers through SMTP_URL with nodemailer. */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
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
      });
    },
  };
}
