import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { chunkBackend } from '../../shared/i18n/chunk-backend';
import { baseOptions, currentLanguage } from '../../shared/i18n/language';
import { english, namespaces } from './english';

/**
 * English is on the first page; Spanish (one chunk, web/office/i18n/spanish.ts) is fetched by i18next
 * through this backend when the office is shown in Spanish, at start or on a switch (changeLanguage
 * waits for it). The language is chosen as the portal's (web/shared/i18n/language.ts).
 */
const spanishTexts = chunkBackend({ es: () => import('./spanish').then((m) => m.spanish) });

/** Resolves when the texts of the language shown are there; main.tsx renders after it (no English flash). */
export const i18nReady = i18n
  .use(spanishTexts)
  .use(initReactI18next)
  .init({ ...baseOptions(), resources: { en: english }, partialBundledLanguages: true, ns: namespaces });
document.documentElement.lang = currentLanguage();

export default i18n;
