import type { Locale } from '../../../contracts/locale';
import type { OfficeRole } from '../../../contracts/office/staff';

/** E-mails to office accounts, in the account's language. Plain text, like every portal e-mail. */
interface Rendered {
  subject: string;
  text: string;
}

const roleName: Record<Locale, Record<OfficeRole, string>> = {
  en: { owner: 'an owner', staff: 'a staff member' },
  es: { owner: 'propietario', staff: 'miembro del personal' },
};

const invite = {
  en: (company: string, role: OfficeRole, url: string, hours: number): Rendered => ({
    subject: `Set up your ${company} office account`,
    text:
      `You have been invited to the ${company} office as ${roleName.en[role]}.\n\n` +
      `Set up your account: choose a password and connect an authenticator app.\n${url}\n\n` +
      `The link is valid for ${hours} hours and works once. If you did not expect this invitation, ignore this message.`,
  }),
  es: (company: string, role: OfficeRole, url: string, hours: number): Rendered => ({
    subject: `Configura tu cuenta de oficina de ${company}`,
    text:
      `Te invitaron a la oficina de ${company} como ${roleName.es[role]}.\n\n` +
      `Configura tu cuenta: elige una contraseña y conecta una aplicación de autenticación.\n${url}\n\n` +
      `El enlace es válido durante ${hours} horas y funciona una sola vez. Si no esperabas esta invitación, ignora este mensaje.`,
  }),
};

export const officeTemplates = {
  invite: (locale: Locale, company: string, role: OfficeRole, url: string, hours: number) => invite[locale](company, role, url, hours),
};
