import { z } from 'zod';

export const locales = ['en', 'es'] as const;
export const localeSchema = z.enum(locales);
export type Locale = z.infer<typeof localeSchema>;

/** Any value -> a supported locale ('en' unless it is Spanish). */
export function toLocale(value: unknown): Locale {
  return typeof value === 'string' && value.toLowerCase().startsWith('es') ? 'es' : 'en';
}
