import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { baseOptions, currentLanguage } from '../../shared/i18n/language';
import { english, namespaces } from './english';

/**
 * English is on the first page; Spanish (one chunk, web/office/i18n/spanish.ts) is fetched by i18next
 * through this backend when the office is shown in Spanish, at start or on a switch (changeLanguage
 * waits for it). The language is chosen as the portal's (web/shared/i18n/language.ts).
 */
let spanishChunk: Promise<typeof import('./spanish')> | undefined;
/** The chunk, asked for once for all its namespaces; a failure is logged once, and a later switch asks again. */
const loadSpanish = () =>
  (spanishChunk ??= import('./spanish').catch((err: unknown) => {
    spanishChunk = undefined;
    console.error('The Spanish texts could not be loaded:', err);
    throw err;
  }));

const spanishTexts: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    if (language !== 'es') return callback(null, {});
    // Not asked again at start (the page would wait for the retries): English, the fallback, is shown.
    loadSpanish().then(
      ({ spanish }) => callback(null, spanish[namespace as keyof typeof spanish] ?? {}),
      (err: Error) => callback(err, false),
    );
  },
};

/** Resolves when the texts of the language shown are there; main.tsx renders after it (no English flash). */
export const i18nReady = i18n
  .use(spanishTexts)
  .use(initReactI18next)
  .init({ ...baseOptions(), resources: { en: english }, partialBundledLanguages: true, ns: namespaces });
document.documentElement.lang = currentLanguage();

export default i18n;
