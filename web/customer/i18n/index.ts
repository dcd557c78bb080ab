import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { toLocale, type Locale } from '../../../contracts/locale';
import { english } from './english';

/**
 * English (the fallback) comes with the first page; Spanish is its own chunk, fetched by i18next
 * when the portal is shown in Spanish (at start, or on a switch: changeLanguage waits for it).
 */
const otherLanguages: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    if (language !== 'es') return callback(null, {});
    import('./spanish').then(
      ({ spanish }) => callback(null, spanish[namespace as keyof typeof spanish]),
      (err: Error) => callback(err, false),
    );
  },
};

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

/** Resolves when the first language's texts are there; main.tsx renders after it (no English flash). */
export const i18nReady = i18n
  .use(otherLanguages)
  .use(initReactI18next)
  .init({
    resources: { en: english },
    partialBundledLanguages: true,
    ns: Object.keys(english),
    defaultNS: 'common',
    lng: initialLanguage(),
    fallbackLng: 'en',
    supportedLngs: ['en', 'es'],
    interpolation: { escapeValue: false },
    returnNull: false,
  });

export default i18n;
