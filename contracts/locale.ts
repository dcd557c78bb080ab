/** The portal's languages. Kept free of zod: the first page imports it and must stay small. */
export const locales = ['en', 'es'] as const;
export type Locale = (typeof locales)[number];

/** Any value -> a supported locale ('en' unless it is Spanish). */
export function toLocale(value: unknown): Locale {
  return typeof value === 'string' && value.toLowerCase().startsWith('es') ? 'es' : 'en';
}

/** The Intl locale each language is written in (numbers, money, dates and times), in the server's e-mails and the apps alike. */
export const intlLocale: Record<Locale, string> = { en: 'en-US', es: 'es-US' };
