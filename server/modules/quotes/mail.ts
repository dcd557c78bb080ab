import { intlLocale, type Locale } from '../../../contracts/locale';
import { customerPages, officePages } from '../../../contracts/pages';
import { dateTimeFormat } from '../../../web/shared/format';

/**
 * The quote loop's e-mails (office-spec section 5). To the customer in their language, each with a
 * link to the quote; to the office in English. Plain text, like every portal e-mail.
 */
interface Rendered {
  subject: string;
  text: string;
}

export interface QuoteMailFacts {
  company: string;
  quoteId: number;
  description: string;
  version: number;
  /** Exact decimal string ("18450.00"). */
  total: string;
  /** YYYY-MM-DD. */
  validUntil: string | null;
  url: string;
  /** The one-click link that turns update e-mails off. */
  optOutUrl: string;
}

/** The customer's page of a quote, linked from every e-mail about it (the one place its link is built). */
export const customerQuoteUrl = (appUrl: string, quoteId: number) => `${appUrl}${customerPages.quote.href(quoteId)}`;
/** The office's page of a quote. */
export const officeQuoteUrl = (appUrl: string, quoteId: number) => `${appUrl}${officePages.quote.href(quoteId)}`;

/** One formatter per language, made once: making an Intl.NumberFormat costs far more than using it. */
const dollarFormats = new Map<Locale, Intl.NumberFormat>();
/** Dollars from the exact decimal string: Intl reads the string itself, never a binary float. */
export const dollars = (amount: string, locale: Locale) => {
  let format = dollarFormats.get(locale);
  if (!format) dollarFormats.set(locale, (format = new Intl.NumberFormat(intlLocale[locale], { style: 'currency', currency: 'USD' })));
  return format.format(amount as Intl.StringNumericLiteral);
};

const LONG_DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' };
/** Made once per language too (web/shared/format.ts). */
const day = (date: string, locale: Locale) => dateTimeFormat(locale, 'long-day', LONG_DAY).format(new Date(`${date}T00:00:00Z`));

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

const summary = (f: QuoteMailFacts, locale: Locale) => {
  const lines =
    locale === 'es'
      ? [`Cotización #${f.quoteId}, versión ${f.version}`, `Total: ${dollars(f.total, 'es')}`]
      : [`Quote #${f.quoteId}, version ${f.version}`, `Total: ${dollars(f.total, 'en')}`];
  if (f.description) lines.splice(1, 0, oneLine(f.description));
  if (f.validUntil) lines.push(locale === 'es' ? `Válida hasta: ${day(f.validUntil, 'es')}` : `Valid until: ${day(f.validUntil, 'en')}`);
  return lines.join('\n');
};

/** Every update e-mail says why it came and how to stop them (the same words as the work order e-mails). */
const footer: Record<Locale, (f: QuoteMailFacts) => string> = {
  en: (f) =>
    `\n\nYou get these e-mails because 'E-mail me about updates' is on in your profile. To stop them, open this link and press 'Turn off update e-mails': ${f.optOutUrl}`,
  es: (f) =>
    `\n\nRecibe estos correos porque 'Envíame avisos por correo' está activado en su perfil. Para dejar de recibirlos, abra este enlace y pulse 'Desactivar los avisos por correo': ${f.optOutUrl}`,
};

const customerMails = {
  sent: {
    en: (f: QuoteMailFacts): Rendered => ({
      subject: `Your quote #${f.quoteId} from ${f.company}`,
      text: `${f.company} sent you a quote.\n\n${summary(f, 'en')}\n\nReview it, then approve it, decline it or ask for changes:\n${f.url}`,
    }),
    es: (f: QuoteMailFacts): Rendered => ({
      subject: `Su cotización #${f.quoteId} de ${f.company}`,
      text: `${f.company} le envió una cotización.\n\n${summary(f, 'es')}\n\nRevísela y luego apruébela, recházela o pida cambios:\n${f.url}`,
    }),
  },
  newVersion: {
    en: (f: QuoteMailFacts): Rendered => ({
      subject: `Quote #${f.quoteId} has a new version (version ${f.version})`,
      text: `${f.company} updated your quote. The page shows what changed.\n\n${summary(f, 'en')}\n\nReview the new version:\n${f.url}`,
    }),
    es: (f: QuoteMailFacts): Rendered => ({
      subject: `La cotización #${f.quoteId} tiene una nueva versión (versión ${f.version})`,
      text: `${f.company} actualizó su cotización. La página muestra qué cambió.\n\n${summary(f, 'es')}\n\nRevise la nueva versión:\n${f.url}`,
    }),
  },
  reminder: {
    en: (f: QuoteMailFacts): Rendered => ({
      subject: `Reminder: quote #${f.quoteId} is waiting for your answer`,
      text: `${f.company} sent you a quote that is still waiting for your answer.\n\n${summary(f, 'en')}\n\nApprove it, decline it or ask for changes:\n${f.url}`,
    }),
    es: (f: QuoteMailFacts): Rendered => ({
      subject: `Recordatorio: la cotización #${f.quoteId} espera su respuesta`,
      text: `${f.company} le envió una cotización que aún espera su respuesta.\n\n${summary(f, 'es')}\n\nApruébela, recházela o pida cambios:\n${f.url}`,
    }),
  },
};

export type CustomerQuoteMail = keyof typeof customerMails;

export function customerQuoteMail(kind: CustomerQuoteMail, locale: Locale, facts: QuoteMailFacts): Rendered {
  const mail = customerMails[kind][locale](facts);
  return { ...mail, text: mail.text + footer[locale](facts) };
}

export interface QuoteDecisionFacts {
  quoteId: number;
  version: number;
  decision: 'Approved' | 'Declined';
  customerName: string;
  customerEmail: string;
  /** Approved: the signed total. */
  total: string | null;
  signerName: string | null;
  chosenOptional: string[];
  reason: string | null;
  officeUrl: string;
}

/** To the office (COMPANY_EMAIL): a quote approved or declined. */
export function officeQuoteDecisionMail(f: QuoteDecisionFacts): Rendered {
  const who = oneLine(f.customerName) || f.customerEmail;
  const lines =
    f.decision === 'Approved'
      ? [
          `${who} <${f.customerEmail}> approved Quote #${f.quoteId}, version ${f.version}.`,
          '',
          `Signed by: ${oneLine(f.signerName ?? '')}`,
          `Signed total: ${dollars(f.total ?? '0.00', 'en')}`,
          `Optional lines chosen: ${f.chosenOptional.length ? f.chosenOptional.map(oneLine).join('; ') : 'none'}`,
        ]
      : [`${who} <${f.customerEmail}> declined Quote #${f.quoteId}, version ${f.version}.`, '', `Reason: ${f.reason ?? '(none given)'}`];
  return {
    subject: `Quote #${f.quoteId} ${f.decision === 'Approved' ? 'approved' : 'declined'} by ${who}`,
    text: [...lines, '', `Open the quote: ${f.officeUrl}`].join('\n'),
  };
}
