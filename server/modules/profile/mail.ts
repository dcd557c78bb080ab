import type { Locale } from '../../../contracts/locale';

/**
 * The e-mails of an e-mail address change (issue 14.6), in the customer's language. Plain text like
 * every portal e-mail. None names an address the reader does not already know: the notice to an
 * address that already has an account never names the account that asked.
 */
interface Rendered {
  subject: string;
  text: string;
}

interface Company {
  companyName: string;
  /** COMPANY_EMAIL: where to turn when the change was not theirs. */
  companyEmail: string;
}

/** To the new address: the link that makes the change. */
const link = {
  en: (c: Company, url: string): Rendered => ({
    subject: `Confirm your new e-mail for the ${c.companyName} customer portal`,
    text:
      `You asked to use this e-mail address for your ${c.companyName} customer portal account.\n\n` +
      `Confirm it here:\n${url}\n\n` +
      `The link is valid for 24 hours and works once. Until you open it, your account keeps its current address. ` +
      `If you did not ask for this, ignore this message: nothing changes.`,
  }),
  es: (c: Company, url: string): Rendered => ({
    subject: `Confirme su nuevo correo para el portal de clientes de ${c.companyName}`,
    text:
      `Usted pidió usar esta dirección de correo para su cuenta del portal de clientes de ${c.companyName}.\n\n` +
      `Confírmela aquí:\n${url}\n\n` +
      `El enlace es válido durante 24 horas y funciona una sola vez. Hasta que lo abra, su cuenta conserva su dirección actual. ` +
      `Si usted no lo pidió, ignore este mensaje: nada cambia.`,
  }),
};

/** To the new address when it already has an account: nothing changed, and why. */
const inUse = {
  en: (c: Company): Rendered => ({
    subject: `This e-mail already has a ${c.companyName} portal account`,
    text:
      `Someone asked to use this e-mail address for their ${c.companyName} customer portal account, ` +
      `but this address already has an account with us, so nothing was changed.\n\n` +
      `If it was you: sign in with this address instead (use 'Forgot password?' on the sign-in page if you need a new password), ` +
      `or choose another address. If it was not you, ignore this message.`,
  }),
  es: (c: Company): Rendered => ({
    subject: `Este correo ya tiene una cuenta del portal de ${c.companyName}`,
    text:
      `Alguien pidió usar esta dirección de correo para su cuenta del portal de clientes de ${c.companyName}, ` +
      `pero esta dirección ya tiene una cuenta con nosotros, así que no se cambió nada.\n\n` +
      `Si fue usted: inicie sesión con esta dirección (use '¿Olvidó su contraseña?' en la página de inicio de sesión si necesita una nueva contraseña), ` +
      `o elija otra dirección. Si no fue usted, ignore este mensaje.`,
  }),
};

/** To the old address once the change is made. */
const changed = {
  en: (c: Company, newEmail: string): Rendered => ({
    subject: `Your ${c.companyName} portal e-mail address was changed`,
    text:
      `The e-mail address of your ${c.companyName} customer portal account was changed to ${newEmail}, ` +
      `confirmed from that address. Your quotes and work orders moved with the account; sign in with the new address from now on. ` +
      `Your other devices were signed out.\n\n` +
      `If you did not do this, contact us at once: ${c.companyEmail}.`,
  }),
  es: (c: Company, newEmail: string): Rendered => ({
    subject: `Se cambió su correo del portal de ${c.companyName}`,
    text:
      `La dirección de correo de su cuenta del portal de clientes de ${c.companyName} se cambió a ${newEmail}, ` +
      `confirmada desde esa dirección. Sus cotizaciones y órdenes de trabajo pasaron con la cuenta; desde ahora inicie sesión con la nueva dirección. ` +
      `Se cerró la sesión en sus otros dispositivos.\n\n` +
      `Si no fue usted, contáctenos de inmediato: ${c.companyEmail}.`,
  }),
};

export const emailChangeTemplates = {
  link: (locale: Locale, company: Company, url: string) => link[locale](company, url),
  inUse: (locale: Locale, company: Company) => inUse[locale](company),
  changed: (locale: Locale, company: Company, newEmail: string) => changed[locale](company, newEmail),
};
