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

export const templates = {
  verifyEmail: (locale: Locale, brand: Brand, url: string) => verify[locale](brand, url),
  resetPassword: (locale: Locale, brand: Brand, url: string) => resetPassword[locale](brand, url),
};
