import type { Locale } from '../../../contracts/locale';
import { customerPages, officePages } from '../../../contracts/pages';
import { dollars } from '../quotes/mail';

/** The change orders' e-mails: to the customer in their language with a link to the quote; to the office in English. */
interface Rendered {
  subject: string;
  text: string;
}

export interface ChangeOrderMailFacts {
  company: string;
  quoteId: number;
  number: number;
  reason: string;
  amount: string;
  totalBefore: string;
  totalAfter: string;
  addedDays: number;
  /** YYYY-MM-DD. */
  answerBy: string;
  url: string;
  optOutUrl: string;
}

export const customerChangeOrderUrl = (appUrl: string, quoteId: number) => `${appUrl}${customerPages.quote.href(quoteId)}`;
export const officeChangeOrderUrl = (appUrl: string, id: number) => `${appUrl}${officePages.changeOrder.href(id)}`;

const day = (date: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'es' ? 'es-US' : 'en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/** The title, the same words as the pages: 'Change Order {n} to Quote #{id}'. */
export const changeOrderTitle = (locale: Locale, number: number, quoteId: number) =>
  locale === 'es' ? `Orden de cambio ${number} de la cotización #${quoteId}` : `Change Order ${number} to Quote #${quoteId}`;

export function changeOrderSentMail(locale: Locale, f: ChangeOrderMailFacts): Rendered {
  const title = changeOrderTitle(locale, f.number, f.quoteId);
  if (locale === 'es')
    return {
      subject: `${title} de ${f.company}`,
      text: [
        `${f.company} le envió una orden de cambio para firmar.`,
        '',
        title,
        ...(f.reason ? [`Motivo: ${oneLine(f.reason)}`] : []),
        `Importe del cambio: ${dollars(f.amount, 'es')}`,
        `Total del contrato: ${dollars(f.totalBefore, 'es')} → ${dollars(f.totalAfter, 'es')}`,
        `Días adicionales: ${f.addedDays}`,
        `Responder antes del: ${day(f.answerBy, 'es')}`,
        '',
        `Revísela y apruébela o recházela:\n${f.url}`,
        '',
        `Recibe estos correos porque 'Envíame avisos por correo' está activado en su perfil. Para dejar de recibirlos, abra este enlace y pulse 'Desactivar los avisos por correo': ${f.optOutUrl}`,
      ].join('\n'),
    };
  return {
    subject: `${title} from ${f.company}`,
    text: [
      `${f.company} sent you a change order to sign.`,
      '',
      title,
      ...(f.reason ? [`Reason: ${oneLine(f.reason)}`] : []),
      `Amount of the change: ${dollars(f.amount, 'en')}`,
      `Contract total: ${dollars(f.totalBefore, 'en')} → ${dollars(f.totalAfter, 'en')}`,
      `Added days: ${f.addedDays}`,
      `Answer by: ${day(f.answerBy, 'en')}`,
      '',
      `Review it, then approve or decline it:\n${f.url}`,
      '',
      `You get these e-mails because 'E-mail me about updates' is on in your profile. To stop them, open this link and press 'Turn off update e-mails': ${f.optOutUrl}`,
    ].join('\n'),
  };
}

export interface ChangeOrderDecisionFacts {
  quoteId: number;
  number: number;
  decision: 'Approved' | 'Declined';
  customerEmail: string;
  signerName: string | null;
  reason: string | null;
  amount: string;
  totalAfter: string;
  officeUrl: string;
}

export function officeChangeOrderDecisionMail(f: ChangeOrderDecisionFacts): Rendered {
  const title = changeOrderTitle('en', f.number, f.quoteId);
  const lines =
    f.decision === 'Approved'
      ? [
          `${f.customerEmail} approved ${title}.`,
          '',
          `Signed by: ${oneLine(f.signerName ?? '')}`,
          `Amount: ${dollars(f.amount, 'en')}`,
          `Contract total now: ${dollars(f.totalAfter, 'en')}`,
        ]
      : [`${f.customerEmail} declined ${title}.`, '', `Reason: ${oneLine(f.reason ?? '')}`];
  return {
    subject: `${title} ${f.decision === 'Approved' ? 'approved' : 'declined'}`,
    text: [...lines, '', `Open the change order: ${f.officeUrl}`].join('\n'),
  };
}

/** What the customer signed, for their copy of a change order's approval (the signed PDF attached). */
export interface ChangeOrderCopyFacts {
  company: string;
  quoteId: number;
  number: number;
  signerName: string;
  amount: string;
  totalBefore: string;
  totalAfter: string;
  url: string;
  verificationCode: string;
  pdfSha256: string;
  verifyUrl: string;
}

/**
 * The customer's copy of their change order approval, in the language the consent was read in, with
 * the signed PDF attached (contract-spec §1 and §2). A receipt of their own act: it goes even when
 * update e-mails are off, like the quote's (decision 132).
 */
export function changeOrderApprovalCopyMail(
  to: string,
  locale: Locale,
  f: ChangeOrderCopyFacts,
  signedPdf: { filename: string; contentBase64: string },
) {
  const title = changeOrderTitle(locale, f.number, f.quoteId);
  const es = locale === 'es';
  const text = (
    es
      ? [
          `Gracias. Aprobó la ${title.charAt(0).toLowerCase()}${title.slice(1)}.`,
          `Firmada por: ${oneLine(f.signerName)}`,
          `Importe del cambio: ${dollars(f.amount, 'es')}`,
          `Total del contrato: ${dollars(f.totalBefore, 'es')} → ${dollars(f.totalAfter, 'es')}`,
          '',
          `La orden de cambio firmada y su PDF están aquí: ${f.url}`,
          '',
          `Adjuntamos su PDF firmado. Su código de verificación es ${f.verificationCode}; compruebe una copia en ${f.verifyUrl}.`,
          `SHA-256 del archivo adjunto: ${f.pdfSha256}`,
        ]
      : [
          `Thank you. You approved ${title}.`,
          `Signed by: ${oneLine(f.signerName)}`,
          `Amount of the change: ${dollars(f.amount, 'en')}`,
          `Contract total: ${dollars(f.totalBefore, 'en')} → ${dollars(f.totalAfter, 'en')}`,
          '',
          `The signed change order and its PDF are here: ${f.url}`,
          '',
          `Your signed PDF is attached. Its verification code is ${f.verificationCode}; check a copy at ${f.verifyUrl}.`,
          `SHA-256 of the attached file: ${f.pdfSha256}`,
        ]
  ).concat(f.company);
  return {
    kind: 'change-order-approval-copy',
    to: to.toLowerCase(),
    subject: es ? `Su orden de cambio firmada: ${title}` : `Your signed ${title}`,
    text: text.join('\n'),
    attachments: [
      { filename: signedPdf.filename, contentType: 'application/pdf', content: signedPdf.contentBase64, encoding: 'base64' as const },
    ],
  };
}
