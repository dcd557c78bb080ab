import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '.';
import { resources } from './resources';

const keysOf = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k)) : [prefix];

describe('translations', () => {
  it('have the same keys in English and Spanish, namespace by namespace', () => {
    expect(Object.keys(resources.es).sort()).toEqual(Object.keys(resources.en).sort());
    for (const ns of Object.keys(resources.en) as (keyof typeof resources.en)[]) {
      expect(keysOf(resources.es[ns]).sort(), `namespace ${ns}`).toEqual(keysOf(resources.en[ns]).sort());
    }
  });

  it('are all listed for loading (i18n/index.ts), so no screen is left without its texts', () => {
    expect([...NAMESPACES].sort()).toEqual(Object.keys(resources.en).sort());
  });

  it('have no empty text', () => {
    for (const lang of ['en', 'es'] as const) {
      for (const [ns, tree] of Object.entries(resources[lang])) {
        const flat = keysOf(tree);
        for (const key of flat) {
          const text = key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], tree);
          expect(String(text).trim(), `${lang}:${ns}:${key}`).not.toBe('');
        }
      }
    }
  });
});
