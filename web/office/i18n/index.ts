import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { toLocale, type Locale } from '../../../contracts/locale';
import { namespaces, resources } from './resources';

/** The same key as the portal's: one choice of language per browser, whichever app made it. */
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

export function setLanguage(language: Locale): Promise<unknown> {
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

void i18n.use(initReactI18next).init({
  resources,
  ns: namespaces,
  defaultNS: 'common',
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'es'],
  interpolation: { escapeValue: false },
  returnNull: false,
});
document.documentElement.lang = currentLanguage();

export default i18n;
