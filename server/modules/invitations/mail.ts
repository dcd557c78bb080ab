import type { Locale } from '../../../contracts/locale';
import { INVITATION_DAYS } from '../../auth/portal-invitation/tokens';

/** The portal invitation's wording (decision 221): plain text, in the language the office chose. */
interface Rendered {
  subject: string;
  text: string;
}

interface InvitationFacts {
  company: string;
  name: string | null;
  url: string;
}

const invitation: Record<Locale, (f: InvitationFacts) => Rendered> = {
  en: (f) => ({
    subject: `Set up your ${f.company} customer portal access`,
    text:
      `${f.name ? `Hello ${f.name},\n\n` : ''}${f.company} invites you to its customer portal, where you see your quotes and work orders, ` +
      `approve quotes and ask for work.\n\nSet up your access here (it takes a minute, your details are already filled in):\n${f.url}\n\n` +
      `The link works once, for ${INVITATION_DAYS} days. If you did not expect it, ignore this message.`,
  }),
  es: (f) => ({
    subject: `Configure su acceso al portal de clientes de ${f.company}`,
    text:
      `${f.name ? `Hola, ${f.name}:\n\n` : ''}${f.company} le invita a su portal de clientes, donde verá sus cotizaciones y órdenes, ` +
      `aprobará cotizaciones y pedirá trabajos.\n\nConfigure su acceso aquí (toma un minuto, sus datos ya están completos):\n${f.url}\n\n` +
      `El enlace funciona una sola vez, durante ${INVITATION_DAYS} días. Si no lo esperaba, ignore este mensaje.`,
  }),
};

export const invitationMail = (locale: Locale, facts: InvitationFacts) => invitation[locale](facts);

/** Added under the link of a quote e-mail to a customer with no account: the link sets up their access first. */
const quoteNote: Record<Locale, string> = {
  en: `\n(You do not have a portal account yet: this link sets up your access in one step, then opens the quote. It works once, for ${INVITATION_DAYS} days.)`,
  es: `\n(Aún no tiene cuenta en el portal: este enlace configura su acceso en un paso y luego abre la cotización. Funciona una sola vez, durante ${INVITATION_DAYS} días.)`,
};

export const quoteInvitationNote = (locale: Locale) => quoteNote[locale];
