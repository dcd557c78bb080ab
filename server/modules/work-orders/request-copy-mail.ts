import type { Locale } from '../../../contracts/locale';
import type { OutgoingMail } from '../../platform/mail/outbox';

export interface RequestCopyFacts {
  company: string;
  orderId: number;
  description: string;
  address: string;
  /** The customer's page of the order. */
  url: string;
}

const wording: Record<Locale, (f: RequestCopyFacts) => { subject: string; text: string }> = {
  en: (f) => ({
    subject: `We received your request #${f.orderId}`,
    text: [
      `Thank you. ${f.company} received your request #${f.orderId}.`,
      `Address: ${f.address}`,
      `Description: ${f.description}`,
      '',
      'What happens next: our office reviews your request and contacts you to agree on a visit or to send you a quote.',
      `Follow its status here: ${f.url}`,
    ].join('\n'),
  }),
  es: (f) => ({
    subject: `Recibimos su solicitud #${f.orderId}`,
    text: [
      `Gracias. ${f.company} recibió su solicitud #${f.orderId}.`,
      `Dirección: ${f.address}`,
      `Descripción: ${f.description}`,
      '',
      'Qué sigue: nuestra oficina revisa su solicitud y se pone en contacto con usted para acordar una visita o enviarle una cotización.',
      `Siga su estado aquí: ${f.url}`,
    ].join('\n'),
  }),
};

/** The customer's copy of a submitted request, in their language; a receipt, so it goes even with update e-mails off. */
export const requestCopyMail = (to: string, locale: Locale, facts: RequestCopyFacts): OutgoingMail => ({
  kind: 'work-request-copy',
  to: to.toLowerCase(),
  ...wording[locale](facts),
});
