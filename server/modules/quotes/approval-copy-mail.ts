import type { Locale } from '../../../contracts/locale';
import type { OutgoingMail } from '../../platform/mail/outbox';
import { dollars } from './mail';

/** What the customer signed: the figures of the signed PDF (exact decimal strings) and where to see it. */
export interface ApprovalCopyFacts {
  company: string;
  quoteId: number;
  version: number;
  description: string;
  signerName: string;
  /** The chosen optional lines, by description. */
  chosenOptional: string[];
  subtotal: string;
  tax: string;
  total: string;
  /** The customer's page of the quote, where the signed PDF is downloaded. */
  url: string;
  /** The signed PDF attached (contract-spec §1): its verification code and SHA-256. */
  verificationCode: string;
  pdfSha256: string;
  verifyUrl: string;
}

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

const wording: Record<Locale, (f: ApprovalCopyFacts) => { subject: string; text: string }> = {
  en: (f) => ({
    subject: `Your signed Quote #${f.quoteId}`,
    text: [
      `Thank you. You approved quote #${f.quoteId}, version ${f.version}: ${oneLine(f.description)}.`,
      `Signed by: ${oneLine(f.signerName)}`,
      ...(f.chosenOptional.length ? [`Optional items chosen: ${f.chosenOptional.map(oneLine).join(', ')}`] : []),
      `Subtotal: ${dollars(f.subtotal, 'en')}`,
      `Tax: ${dollars(f.tax, 'en')}`,
      `Signed total: ${dollars(f.total, 'en')}`,
      '',
      `The signed quote and its PDF are here: ${f.url}`,
      'We will contact you to schedule the work.',
      '',
      `Your signed PDF is attached. Its verification code is ${f.verificationCode}; check a copy at ${f.verifyUrl}.`,
      `SHA-256 of the attached file: ${f.pdfSha256}`,
      `${f.company}`,
    ].join('\n'),
  }),
  es: (f) => ({
    subject: `Su cotización firmada #${f.quoteId}`,
    text: [
      `Gracias. Aprobó la cotización #${f.quoteId}, versión ${f.version}: ${oneLine(f.description)}.`,
      `Firmada por: ${oneLine(f.signerName)}`,
      ...(f.chosenOptional.length ? [`Opciones elegidas: ${f.chosenOptional.map(oneLine).join(', ')}`] : []),
      `Subtotal: ${dollars(f.subtotal, 'es')}`,
      `Impuesto: ${dollars(f.tax, 'es')}`,
      `Total firmado: ${dollars(f.total, 'es')}`,
      '',
      `La cotización firmada y su PDF están aquí: ${f.url}`,
      'Nos pondremos en contacto con usted para programar el trabajo.',
      '',
      `Adjuntamos su PDF firmado. Su código de verificación es ${f.verificationCode}; compruebe una copia en ${f.verifyUrl}.`,
      `SHA-256 del archivo adjunto: ${f.pdfSha256}`,
      `${f.company}`,
    ].join('\n'),
  }),
};

/**
 * The customer's copy of their approval, in their language. A receipt of their own act, like the
 * account e-mails: it goes even when update e-mails are off (docs/decisions/132).
 */
export const approvalCopyMail = (
  to: string,
  locale: Locale,
  facts: ApprovalCopyFacts,
  signedPdf: { filename: string; contentBase64: string },
): OutgoingMail => ({
  kind: 'quote-approval-copy',
  to: to.toLowerCase(),
  ...wording[locale](facts),
  attachments: [{ filename: signedPdf.filename, contentType: 'application/pdf', content: signedPdf.contentBase64, encoding: 'base64' }],
});
