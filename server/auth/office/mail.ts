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

/** A fresh set-up link: the authenticator was lost, or the first link expired. */
const newSetupLink = {
  en: (company: string, url: string, hours: number): Rendered => ({
    subject: `A new set-up link for your ${company} office account`,
    text:
      `An owner of the ${company} office has given your office account a new set-up link. Your earlier ` +
      `authenticator and backup codes no longer work, and you have been signed out.\n\n` +
      `Choose your password and connect your authenticator app again:\n${url}\n\n` +
      `The link is valid for ${hours} hours and works once. If you did not ask for this, tell the office's owner.`,
  }),
  es: (company: string, url: string, hours: number): Rendered => ({
    subject: `Un nuevo enlace de configuración para tu cuenta de oficina de ${company}`,
    text:
      `Un propietario de la oficina de ${company} le dio a tu cuenta de oficina un nuevo enlace de configuración. ` +
      `Tu autenticador y tus códigos de respaldo anteriores ya no funcionan, y se cerró tu sesión.\n\n` +
      `Elige tu contraseña y conecta de nuevo tu aplicación de autenticación:\n${url}\n\n` +
      `El enlace es válido durante ${hours} horas y funciona una sola vez. Si no lo pediste, avisa al propietario de la oficina.`,
  }),
};

/** The password reset of an office account: it names the office (not the customer portal) and leads to it. */
const resetPassword = {
  en: (company: string, url: string): Rendered => ({
    subject: `Reset your ${company} office password`,
    text:
      `Someone asked to reset the password of your ${company} office account.\n\n` +
      `Choose a new password here:\n${url}\n\n` +
      `The link is valid for 1 hour. Signing in still needs your authentication code. ` +
      `If it was not you, ignore this message: your password stays as it is.`,
  }),
  es: (company: string, url: string): Rendered => ({
    subject: `Restablece tu contraseña de la oficina de ${company}`,
    text:
      `Alguien pidió restablecer la contraseña de tu cuenta de oficina de ${company}.\n\n` +
      `Elige una nueva contraseña aquí:\n${url}\n\n` +
      `El enlace es válido durante 1 hora. Para entrar seguirás necesitando tu código de autenticación. ` +
      `Si no fuiste tú, ignora este mensaje: tu contraseña no cambia.`,
  }),
};

export const officeTemplates = {
  invite: (locale: Locale, company: string, role: OfficeRole, url: string, hours: number) => invite[locale](company, role, url, hours),
  newSetupLink: (locale: Locale, company: string, url: string, hours: number) => newSetupLink[locale](company, url, hours),
  resetPassword: (locale: Locale, company: string, url: string) => resetPassword[locale](company, url),
};
