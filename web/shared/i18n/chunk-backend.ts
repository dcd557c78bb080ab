import type { BackendModule } from 'i18next';

/** A language's texts, by namespace, as one chunk exports them. */
export type ChunkTexts = Record<string, object>;

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', es: 'Spanish' };

/**
 * The i18next backend of both apps: a language's texts come from a chunk of their own (import()),
 * asked for once for all its namespaces. A language without a chunk here has all its texts bundled
 * (an empty answer). A chunk that cannot be loaded is logged once and not asked again by i18next at
 * start (its retries would keep the page blank for seconds): English, the fallback, is shown; a later
 * switch to the language asks again.
 */
export function chunkBackend(chunks: Record<string, () => Promise<ChunkTexts>>): BackendModule {
  const asked = new Map<string, Promise<ChunkTexts>>();
  const load = (language: string, chunk: () => Promise<ChunkTexts>) => {
    let texts = asked.get(language);
    if (!texts) {
      texts = chunk().catch((err: unknown) => {
        asked.delete(language);
        console.error(`The ${LANGUAGE_NAMES[language] ?? language} texts could not be loaded:`, err);
        throw err;
      });
      asked.set(language, texts);
    }
    return texts;
  };
  return {
    type: 'backend',
    init: () => undefined,
    read(language, namespace, callback) {
      const chunk = chunks[language];
      if (!chunk) return callback(null, {});
      load(language, chunk).then(
        (all) => callback(null, all[namespace] ?? {}),
        (err: Error) => callback(err, false),
      );
    },
  };
}
