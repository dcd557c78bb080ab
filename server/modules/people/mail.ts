import type { Locale } from '../../../contracts/locale';
import { PERSON_INVITATION_DAYS } from '../../auth/account-people/tokens';

/** A person's invitation to an account (decision 248): plain text, in the language the owner chose. */
interface Facts {
  company: string;
  owner: string;
  role: 'approve_and_pay' | 'view_only';
  url: string;
}

const roleText: Record<Locale, Record<Facts['role'], string>> = {
  en: { approve_and_pay: 'see everything, approve quotes and pay', view_only: 'see everything (view only)' },
  es: { approve_and_pay: 'ver todo, aprobar cotizaciones y pagar', view_only: 'ver todo (solo ver)' },
};

const wording: Record<Locale, (f: Facts) => { subject: string; text: string }> = {
  en: (f) => ({
    subject: `${f.owner} invites you to their ${f.company} customer portal`,
    text:
      `${f.owner} invites you to their account on the ${f.company} customer portal, where you can ${roleText.en[f.role]}.\n\n` +
      `Set up your own sign-in here:\n${f.url}\n\n` +
      `The link works once, for ${PERSON_INVITATION_DAYS} days. If you did not expect it, ignore this message.`,
  }),
  es: (f) => ({
    subject: `${f.owner} le invita a su portal de clientes de ${f.company}`,
    text:
      `${f.owner} le invita a su cuenta en el portal de clientes de ${f.company}, donde podrá ${roleText.es[f.role]}.\n\n` +
      `Configure su propio acceso aquí:\n${f.url}\n\n` +
      `El enlace funciona una sola vez, durante ${PERSON_INVITATION_DAYS} días. Si no lo esperaba, ignore este mensaje.`,
  }),
};

export const personInvitationMail = (locale: Locale, facts: Facts) => wording[locale](facts);
