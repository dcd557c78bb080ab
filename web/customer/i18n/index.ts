import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { toLocale, type Locale } from '../../../contracts/locale';
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
] as const;

/**
 * The first page carries English 'common' and 'auth' (login, register and the error pages). Every
 * other text is fetched by i18next through this backend: English's signed-in texts (one chunk) when
 * a signed-in screen is opened (loadSignedInTexts), Spanish (one chunk) when the portal is shown in
 * Spanish, at start or on a switch (changeLanguage waits for it).
 */
const lazyTexts: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const texts = language === 'es' ? import('./spanish').then((m) => m.spanish) : import('./english').then((m) => m.english);
    texts.then(
      (all) => callback(null, all[namespace as keyof typeof all] ?? {}),
      (err: Error) => callback(err, false),
    );
  },
};

/**
 * Resolves when the signed-in screens' texts of the language shown (and of English, the fallback)
 * are there: each signed-in route's chunk waits for it (router.tsx), so a screen never renders keys.
 */
export const loadSignedInTexts = (): Promise<void> => import('./english').then(({ english }) => i18n.loadNamespaces(Object.keys(english)));

const STORAGE_KEY = 'portal.language';

/** The remembered choice, else the browser's language (es-* gives Spanish), else English. */
export function initialLanguage(): Locale {
  try {
    const saved = window.localStorage.getItem(STORAGE_KEY);
    if (saved === 'en' || saved === 'es') return saved;
  } catch {
    // Storage may be blocked (private mode); the browser language still applies.
  }
  return toLocale(window.navigator.language);
}

let chosenOnThisPage = false;
/** Whether the customer pressed the language toggle since this page loaded (their choice beats the account's). */
export const languageChosenOnThisPage = () => chosenOnThisPage;

export function setLanguage(language: Locale): Promise<unknown> {
  chosenOnThisPage = true;
  return showLanguage(language);
}

/** Shows and remembers a language on this device (the account's, at sign-in) without counting as a choice made here. */
export function showLanguage(language: Locale): Promise<unknown> {
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered across visits when storage is blocked; the switch still happens.
  }
  return i18n.changeLanguage(language);
}

export function currentLanguage(): Locale {
  return toLocale(i18n.resolvedLanguage ?? i18n.language);
}

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = toLocale(lng);
});

/** Resolves when the first language's texts are there; main.tsx renders after it (no English flash). */
export const i18nReady = i18n
  .use(lazyTexts)
  .use(initReactI18next)
  .init({
    resources: { en: { common: enCommon, auth: enAuth } },
    partialBundledLanguages: true,
    ns: ['common', 'auth'],
    defaultNS: 'common',
    lng: initialLanguage(),
    fallbackLng: 'en',
    supportedLngs: ['en', 'es'],
    interpolation: { escapeValue: false },
    returnNull: false,
  });

// Unit tests render signed-in screens without the router: there every namespace starts loading at
// once, and a test's `await i18n.changeLanguage(...)` waits for them.
if (import.meta.env.MODE === 'test') void i18n.loadNamespaces([...NAMESPACES]);

export default i18n;
