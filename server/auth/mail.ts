import type { Locale } from '../../contracts/locale';

/**
 * E-mail texts in the customer's language. Plain text only: nothing a customer typed can turn
 * into markup in someone's mail client.
 */
interface Rendered {
  subject: string;
  text: string;
}

interface Brand {
  companyName: string;
}

const verify = {
  en: (b: Brand, url: string): Rendered => ({
    subject: `Confirm your e-mail for the ${b.companyName} customer portal`,
    text:
      `Welcome to the ${b.companyName} customer portal.\n\n` +
      `Confirm your e-mail address to see your quotes and work orders:\n${url}\n\n` +
      `The link is valid for 24 hours. If you did not create an account, ignore this message.`,
  }),
  es: (b: Brand, url: string): Rendered => ({
    subject: `Confirme su correo para el portal de clientes de ${b.companyName}`,
    text:
      `Bienvenido al portal de clientes de ${b.companyName}.\n\n` +
      `Confirme su dirección de correo para ver sus cotizaciones y órdenes:\n${url}\n\n` +
      `El enlace es válido durante 24 horas. Si usted no creó una cuenta, ignore este mensaje.`,
  }),
};

const resetPassword = {
  en: (b: Brand, url: string): Rendered => ({
    subject: `Reset your ${b.companyName} portal password`,
    text:
      `Someone asked to reset the password of your ${b.companyName} customer portal account.\n\n` +
      `Choose a new password here:\n${url}\n\n` +
      `The link is valid for 1 hour. If it was not you, ignore this message: your password stays as it is.`,
  }),
  es: (b: Brand, url: string): Rendered => ({
    subject: `Restablezca su contraseña del portal de ${b.companyName}`,
    text:
      `Alguien pidió restablecer la contraseña de su cuenta del portal de clientes de ${b.companyName}.\n\n` +
      `Elija una nueva contraseña aquí:\n${url}\n\n` +
      `El enlace es válido durante 1 hora. Si no fue usted, ignore este mensaje: su contraseña no cambia.`,
  }),
};

const signInLink = {
  en: (b: Brand, url: string): Rendered => ({
    subject: `Your sign-in link for the ${b.companyName} portal`,
    text:
      `Someone asked for a link to sign in to your ${b.companyName} customer portal account.\n\n` +
      `Sign in here:\n${url}\n\n` +
      `The link works once, for 15 minutes, and signs you in on the device where you open it. ` +
      `If it was not you, ignore this message: nobody can sign in without it.`,
  }),
  es: (b: Brand, url: string): Rendered => ({
    subject: `Su enlace de acceso al portal de ${b.companyName}`,
    text:
      `Alguien pidió un enlace para entrar a su cuenta del portal de clientes de ${b.companyName}.\n\n` +
      `Entre aquí:\n${url}\n\n` +
      `El enlace funciona una sola vez, durante 15 minutos, y abre su sesión en el dispositivo donde lo abra. ` +
      `Si no fue usted, ignore este mensaje: nadie puede entrar sin él.`,
  }),
};

export const templates = {
  signInLink: (locale: Locale, brand: Brand, url: string) => signInLink[locale](brand, url),
  verifyEmail: (locale: Locale, brand: Brand, url: string) => verify[locale](brand, url),
  resetPassword: (locale: Locale, brand: Brand, url: string) => resetPassword[locale](brand, url),
};
