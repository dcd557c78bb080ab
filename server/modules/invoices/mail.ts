import type { Locale } from '../../../contracts/locale';
import { intlLocale } from '../../../contracts/locale';
import { customerPages, officePages } from '../../../contracts/pages';
import type { PaymentMethod } from '../../../contracts/invoice-document';
import { dollars } from '../quotes/mail';

/**
 * The invoices' e-mails, to the customer in their language, each linking to the invoice's page: an
 * invoice sent (a deposit at approval included), a receipt for each payment or refund, a reminder.
 * Words the pages use are the spec's: 'Balance due' / 'Saldo pendiente'.
 */
interface Rendered {
  subject: string;
  text: string;
}

export const customerInvoiceUrl = (appUrl: string, id: number) => `${appUrl}${customerPages.invoice.href(id)}`;
export const officeInvoiceUrl = (appUrl: string, id: number) => `${appUrl}${officePages.invoice.href(id)}`;

const day = (date: string, locale: Locale) =>
  new Intl.DateTimeFormat(intlLocale[locale], { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

export interface InvoiceMailFacts {
  company: string;
  number: string;
  kind: 'deposit' | 'progress' | 'final';
  quoteId: number;
  /** The first line's description (what the invoice is for). */
  description: string;
  total: string;
  balanceDue: string;
  /** YYYY-MM-DD. */
  dueDate: string;
  url: string;
}

const kindWord: Record<Locale, Record<InvoiceMailFacts['kind'], string>> = {
  en: { deposit: 'Deposit invoice', progress: 'Progress invoice', final: 'Final invoice' },
  es: { deposit: 'Factura de depósito', progress: 'Factura de avance', final: 'Factura final' },
};

const methodWord: Record<Locale, Record<PaymentMethod, string>> = {
  en: { check: 'Check', cash: 'Cash', bank_transfer: 'Bank transfer', card_other: 'Card (other)', online: 'Online payment' },
  es: { check: 'Cheque', cash: 'Efectivo', bank_transfer: 'Transferencia bancaria', card_other: 'Tarjeta (otra)', online: 'Pago en línea' },
};

export function invoiceSentMail(locale: Locale, f: InvoiceMailFacts): Rendered {
  if (locale === 'es')
    return {
      subject: `Factura ${f.number} de ${f.company}`,
      text: [
        `${f.company} le envió la factura ${f.number} (${kindWord.es[f.kind]}, cotización #${f.quoteId}).`,
        ...(f.description ? [oneLine(f.description)] : []),
        '',
        `Total: ${dollars(f.total, 'es')}`,
        `Saldo pendiente: ${dollars(f.balanceDue, 'es')}`,
        `Vence el: ${day(f.dueDate, 'es')}`,
        '',
        `Vea la factura y pague aquí:\n${f.url}`,
      ].join('\n'),
    };
  return {
    subject: `Invoice ${f.number} from ${f.company}`,
    text: [
      `${f.company} sent you invoice ${f.number} (${kindWord.en[f.kind]}, Quote #${f.quoteId}).`,
      ...(f.description ? [oneLine(f.description)] : []),
      '',
      `Total: ${dollars(f.total, 'en')}`,
      `Balance due: ${dollars(f.balanceDue, 'en')}`,
      `Due: ${day(f.dueDate, 'en')}`,
      '',
      `See the invoice and pay here:\n${f.url}`,
    ].join('\n'),
  };
}

export interface ReceiptMailFacts {
  company: string;
  number: string;
  amount: string;
  method: PaymentMethod;
  reference: string | null;
  /** YYYY-MM-DD. */
  receivedOn: string;
  /** A refund gives money back. */
  refund: boolean;
  balanceDue: string;
  url: string;
}

export function receiptMail(locale: Locale, f: ReceiptMailFacts): Rendered {
  if (locale === 'es')
    return {
      subject: f.refund ? `Reembolso de la factura ${f.number}` : `Recibo de su pago de la factura ${f.number}`,
      text: [
        f.refund
          ? `${f.company} le reembolsó ${dollars(f.amount, 'es')} de la factura ${f.number}.`
          : `Gracias. ${f.company} recibió su pago de ${dollars(f.amount, 'es')} de la factura ${f.number}.`,
        '',
        `Fecha: ${day(f.receivedOn, 'es')}`,
        ...(f.refund ? [] : [`Forma de pago: ${methodWord.es[f.method]}`]),
        ...(f.reference ? [`Referencia: ${oneLine(f.reference)}`] : []),
        `Saldo pendiente: ${dollars(f.balanceDue, 'es')}`,
        '',
        `Vea la factura y sus pagos aquí:\n${f.url}`,
      ].join('\n'),
    };
  return {
    subject: f.refund ? `Refund on invoice ${f.number}` : `Receipt for your payment on invoice ${f.number}`,
    text: [
      f.refund
        ? `${f.company} refunded ${dollars(f.amount, 'en')} on invoice ${f.number}.`
        : `Thank you. ${f.company} received your payment of ${dollars(f.amount, 'en')} on invoice ${f.number}.`,
      '',
      `Date: ${day(f.receivedOn, 'en')}`,
      ...(f.refund ? [] : [`Method: ${methodWord.en[f.method]}`]),
      ...(f.reference ? [`Reference: ${oneLine(f.reference)}`] : []),
      `Balance due: ${dollars(f.balanceDue, 'en')}`,
      '',
      `See the invoice and its payments here:\n${f.url}`,
    ].join('\n'),
  };
}

export interface ReminderMailFacts {
  company: string;
  number: string;
  balanceDue: string;
  /** YYYY-MM-DD. */
  dueDate: string;
  /** 1: the day it falls due; 2: a week later. */
  reminder: 1 | 2;
  url: string;
}

export function reminderMail(locale: Locale, f: ReminderMailFacts): Rendered {
  if (locale === 'es')
    return {
      subject: f.reminder === 1 ? `Recordatorio: la factura ${f.number} vence` : `Recordatorio: la factura ${f.number} está vencida`,
      text: [
        f.reminder === 1
          ? `La factura ${f.number} de ${f.company} vence el ${day(f.dueDate, 'es')}.`
          : `La factura ${f.number} de ${f.company} venció el ${day(f.dueDate, 'es')}.`,
        `Saldo pendiente: ${dollars(f.balanceDue, 'es')}`,
        '',
        `Vea la factura y pague aquí:\n${f.url}`,
        '',
        'Si ya pagó, gracias: no tiene que hacer nada más.',
      ].join('\n'),
    };
  return {
    subject: f.reminder === 1 ? `Reminder: invoice ${f.number} is due` : `Reminder: invoice ${f.number} is overdue`,
    text: [
      f.reminder === 1
        ? `Invoice ${f.number} from ${f.company} is due on ${day(f.dueDate, 'en')}.`
        : `Invoice ${f.number} from ${f.company} was due on ${day(f.dueDate, 'en')}.`,
      `Balance due: ${dollars(f.balanceDue, 'en')}`,
      '',
      `See the invoice and pay here:\n${f.url}`,
      '',
      'If you have paid already, thank you: there is nothing more to do.',
    ].join('\n'),
  };
}

export interface VoidedMailFacts {
  company: string;
  number: string;
  total: string;
  /** The office's reason, as typed in 'Void'. */
  reason: string;
  url: string;
}

/** An invoice the office voided: the customer owes nothing on it, and why (decision 226). */
export function voidedMail(locale: Locale, f: VoidedMailFacts): Rendered {
  if (locale === 'es')
    return {
      subject: `La factura ${f.number} de ${f.company} fue anulada`,
      text: [
        `${f.company} anuló la factura ${f.number} (${dollars(f.total, 'es')}). No tiene que pagarla.`,
        `Motivo: ${oneLine(f.reason)}`,
        '',
        `Vea la factura aquí:\n${f.url}`,
        '',
        'Si tiene preguntas, responda a este correo.',
      ].join('\n'),
    };
  return {
    subject: `Invoice ${f.number} from ${f.company} was voided`,
    text: [
      `${f.company} voided invoice ${f.number} (${dollars(f.total, 'en')}). You do not need to pay it.`,
      `Reason: ${oneLine(f.reason)}`,
      '',
      `See the invoice here:\n${f.url}`,
      '',
      'If you have questions, reply to this e-mail.',
    ].join('\n'),
  };
}
