import type { Locale } from '../../../contracts/locale';
import type { AuthMethod } from '../../../contracts/signatures';
import type { SignatureEventName } from './events';

/** The certificate's words (contract-spec §1), in the signer's language. */
export const certificateLabels = {
  en: {
    title: 'Certificate of completion',
    quote: (id: number, version: number) => `Quote #${id}, version ${version}`,
    changeOrder: (id: number, number: number) => `Change order #${number} of Quote #${id}`,
    verificationCode: 'Verification code',
    verifyAt: (url: string) => `To check a copy of this file, enter the code and the file at ${url}`,
    contentHash: 'Content hash (SHA-256 of what was signed: lines, figures, terms)',
    pdfHash: (pages: number, bytes: number) =>
      `PDF hash (SHA-256 of the signed document: pages 1-${pages}, the first ${bytes} bytes of this file)`,
    signer: 'Signer',
    name: 'Name',
    email: 'E-mail',
    authMethod: 'Authenticated by',
    consent: 'Electronic consent',
    consentText: (version: string, language: string) => `Version ${version}, read in ${language}`,
    events: 'Events',
    event: 'Event',
    utc: 'UTC',
    companyTime: 'Company time',
    timeZone: (zone: string) => `Company time: ${zone}.`,
    ip: 'IP address',
    browser: 'Browser',
    language: "Signer's language",
    chain: 'Last event hash',
    page: (page: number) => `Page ${page}`,
  },
  es: {
    title: 'Certificado de finalización',
    quote: (id: number, version: number) => `Cotización #${id}, versión ${version}`,
    changeOrder: (id: number, number: number) => `Orden de cambio #${number} de la cotización #${id}`,
    verificationCode: 'Código de verificación',
    verifyAt: (url: string) => `Para comprobar una copia de este archivo, ingrese el código y el archivo en ${url}`,
    contentHash: 'Huella del contenido (SHA-256 de lo firmado: partidas, importes, términos)',
    pdfHash: (pages: number, bytes: number) =>
      `Huella del PDF (SHA-256 del documento firmado: páginas 1-${pages}, los primeros ${bytes} bytes de este archivo)`,
    signer: 'Firmante',
    name: 'Nombre',
    email: 'Correo electrónico',
    authMethod: 'Autenticado con',
    consent: 'Consentimiento electrónico',
    consentText: (version: string, language: string) => `Versión ${version}, leída en ${language}`,
    events: 'Eventos',
    event: 'Evento',
    utc: 'UTC',
    companyTime: 'Hora de la empresa',
    timeZone: (zone: string) => `Hora de la empresa: ${zone}.`,
    ip: 'Dirección IP',
    browser: 'Navegador',
    language: 'Idioma del firmante',
    chain: 'Huella del último evento',
    page: (page: number) => `Página ${page}`,
  },
} satisfies Record<Locale, unknown>;

export const languageName: Record<Locale, Record<Locale, string>> = {
  en: { en: 'English', es: 'Spanish' },
  es: { en: 'inglés', es: 'español' },
};

export const authMethodLabel: Record<Locale, Record<AuthMethod, string>> = {
  en: { password: 'E-mail and password', google: 'Google', sign_in_link: 'Sign-in link sent by e-mail' },
  es: { password: 'Correo y contraseña', google: 'Google', sign_in_link: 'Enlace de acceso enviado por correo' },
};

export const eventLabel: Record<Locale, Record<SignatureEventName, string>> = {
  en: { sent: 'Sent', first_opened: 'First opened', consented: 'Consented', signed: 'Signed', copy_emailed: 'Copy e-mailed' },
  es: {
    sent: 'Enviada',
    first_opened: 'Primera apertura',
    consented: 'Consentimiento',
    signed: 'Firmada',
    copy_emailed: 'Copia enviada por correo',
  },
};
