import type { OutgoingMail } from '../../platform/mail/outbox';

export interface RevisionMailInput {
  /** The office address (COMPANY_EMAIL). */
  officeEmail: string;
  quoteId: number;
  quoteDescription: string;
  customerName: string;
  customerEmail: string;
  message: string;
}

/** Keeps a header free of line breaks, whatever a customer typed into their name. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/**
 * The e-mail the office receives for a revision request: plain text (nothing a customer typed
 * can become markup), in English for the office, replying to the customer.
 */
export function revisionRequestMail(input: RevisionMailInput): OutgoingMail {
  const name = oneLine(input.customerName) || input.customerEmail;
  const lines = [
    `${name} <${input.customerEmail}> asked for a revision of Quote #${input.quoteId}.`,
    '',
    `Quote: #${input.quoteId}${input.quoteDescription ? ` - ${oneLine(input.quoteDescription)}` : ''}`,
    `Customer: ${name}`,
    `E-mail: ${input.customerEmail}`,
    '',
    'Message:',
    input.message,
    '',
    'Reply to this e-mail to answer the customer directly.',
  ];
  return {
    kind: 'quote-revision-request',
    to: input.officeEmail,
    replyTo: input.customerEmail,
    subject: `Revision request for Quote #${input.quoteId} from ${name}`,
    text: lines.join('\n'),
  };
}
