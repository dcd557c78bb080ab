/** The portal's languages. Kept free of zod: the first page imports it and must stay small. */
export const locales = ['en', 'es'] as const;
export type Locale = (typeof locales)[number];

/** Any value -> a supported locale ('en' unless it is Spanish). */
export function toLocale(value: unknown): Locale {
  return typeof value === 'string' && value.toLowerCase().startsWith('es') ? 'es' : 'en';
}
