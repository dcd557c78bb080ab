import i18n, { type InitOptions } from 'i18next';
import { toLocale, type Locale } from '../../../contracts/locale';

/** One choice of language per browser, whichever app made it (the portal's and the office's share this key). */
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
/** Whether the language toggle was pressed since this page loaded (the customer's choice beats the account's). */
export const languageChosenOnThisPage = () => chosenOnThisPage;

/** The language toggle: shows and remembers the language, as a choice made here. */
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

// The language shown: English when the chosen one's texts could not be loaded (i18next falls back).
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = toLocale(i18n.resolvedLanguage ?? lng);
});

/** What both apps' i18next start with: the language above, English as the fallback, 'common' by default. */
export const baseOptions = (): InitOptions => ({
  defaultNS: 'common',
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'es'],
  interpolation: { escapeValue: false },
  returnNull: false,
});
