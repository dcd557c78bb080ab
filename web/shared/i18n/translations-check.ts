import { expect, it } from 'vitest';

type Resources = Record<'en' | 'es', Record<string, unknown>>;

const keysOf = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k)) : [prefix];

/** The checks every app's translations pass (each app's i18n/resources.test.ts): the same keys in both languages, no empty text. */
export function itChecksTranslations(resources: Resources): void {
  it('have the same keys in English and Spanish, namespace by namespace', () => {
    expect(Object.keys(resources.es).sort()).toEqual(Object.keys(resources.en).sort());
    for (const ns of Object.keys(resources.en)) {
      expect(keysOf(resources.es[ns]).sort(), `namespace ${ns}`).toEqual(keysOf(resources.en[ns]).sort());
    }
  });

  it('have no empty text', () => {
    for (const lang of ['en', 'es'] as const) {
      for (const [ns, tree] of Object.entries(resources[lang])) {
        for (const key of keysOf(tree)) {
          const text = key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], tree);
          expect(String(text).trim(), `${lang}:${ns}:${key}`).not.toBe('');
        }
      }
    }
  });
}
