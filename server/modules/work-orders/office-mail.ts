import type { OutgoingMail } from '../../platform/mail/outbox';
import { officeOrderUrl } from './mail';

/** Keeps a header free of line breaks, whatever a customer typed. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

export interface OfficeOrderMailInput {
  /** The office address (COMPANY_EMAIL). */
  officeEmail: string;
  appUrl: string;
  order: { id: number; description: string; address: string };
  customer: { email: string; name: string };
}

const lines = (input: OfficeOrderMailInput, headline: string) => {
  const name = oneLine(input.customer.name) || input.customer.email;
  return [
    headline,
    '',
    `Work Order #${input.order.id}`,
    `Customer: ${name} <${input.customer.email}>`,
    `Service address: ${input.order.address}`,
    '',
    'Description:',
    input.order.description,
    '',
    `Open it in the office: ${officeOrderUrl(input.appUrl, input.order.id)}`,
    'Reply to this e-mail to answer the customer directly.',
  ].join('\n');
};

/**
 * E-mails the office (COMPANY_EMAIL) receives about work orders (office-spec section 5), in English
 * like the revision request e-mail, plain text, replying to the customer.
 */
export function newWorkRequestMail(input: OfficeOrderMailInput): OutgoingMail {
  const name = oneLine(input.customer.name) || input.customer.email;
  return {
    kind: 'office-work-request',
    to: input.officeEmail,
    replyTo: input.customer.email,
    subject: `New work request #${input.order.id} from ${name}`,
    text: lines(input, `${name} sent a new work request.`),
  };
}

export function customerCancelledMail(input: OfficeOrderMailInput): OutgoingMail {
  const name = oneLine(input.customer.name) || input.customer.email;
  return {
    kind: 'office-order-cancelled',
    to: input.officeEmail,
    replyTo: input.customer.email,
    subject: `Work Order #${input.order.id} cancelled by ${name}`,
    text: lines(input, `${name} cancelled Work Order #${input.order.id} in the portal.`),
  };
}
