import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { chunkBackend } from '../../shared/i18n/chunk-backend';
import { baseOptions } from '../../shared/i18n/language';
import enAuth from './locales/en/auth.json';
import enCommon from './locales/en/common.json';

/**
 * Every namespace, as in english.ts (resources.test.ts checks the two lists agree): unit tests load
 * them all at once (below). The signed-out pages need only the first two; the rest are the signed-in
 * screens'.
 */
export const NAMESPACES = [
  'common',
  'auth',
  'dashboard',
  'quotes',
  'quotesDetail',
  'workOrders',
  'workOrder',
  'submitWorkOrder',
  'profile',
  'signatures',
  'changeOrders',
  'invoices',
] as const;

/**
 * The first page carries English 'common' and 'auth' (login, register and the error pages). Every
 * other text is fetched by i18next through this backend: English's signed-in texts (one chunk) when
 * a signed-in screen is opened (loadSignedInTexts), Spanish (one chunk) when the portal is shown in
 * Spanish, at start or on a switch (changeLanguage waits for it).
 */
const lazyTexts = chunkBackend({
  en: () => import('./english').then((m) => m.english),
  es: () => import('./spanish').then((m) => m.spanish),
});

/**
 * Resolves when the signed-in screens' texts of the language shown (and of English, the fallback)
 * are there: each signed-in route's chunk waits for it (router.tsx), so a screen never renders keys.
 */
export const loadSignedInTexts = (): Promise<void> => import('./english').then(({ english }) => i18n.loadNamespaces(Object.keys(english)));

/** Resolves when the first language's texts are there; main.tsx renders after it (no English flash). */
export const i18nReady = i18n
  .use(lazyTexts)
  .use(initReactI18next)
  .init({
    resources: { en: { common: enCommon, auth: enAuth } },
    partialBundledLanguages: true,
    ns: ['common', 'auth'],
    ...baseOptions(),
  });

// Unit tests render signed-in screens without the router: there every namespace starts loading at
// once, and a test's `await i18n.changeLanguage(...)` waits for them.
if (import.meta.env.MODE === 'test') void i18n.loadNamespaces([...NAMESPACES]);

export default i18n;
