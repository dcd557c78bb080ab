import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

const localeDirOf = (app: 'customer' | 'office') => path.resolve(import.meta.dirname, '..', '..', 'web', app, 'i18n', 'locales');

function flatten(tree: unknown, prefix = ''): Record<string, string> {
  if (typeof tree === 'string') return { [prefix]: tree };
  return Object.entries(tree as Record<string, unknown>).reduce<Record<string, string>>(
    (all, [key, value]) => ({ ...all, ...flatten(value, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

/**
 * The English texts of these namespaces that Spanish says differently, cut at their
 * {{placeholders}} into fragments long enough to be meaningful ("Work Order #", "Requested: ").
 */
export function englishOnlyPhrases(namespaces: string[], app: 'customer' | 'office' = 'customer'): string[] {
  const localeDir = localeDirOf(app);
  const phrases = new Set<string>();
  for (const ns of namespaces) {
    const read = (lang: string) => flatten(JSON.parse(fs.readFileSync(path.join(localeDir, lang, `${ns}.json`), 'utf8')));
    const en = read('en');
    const es = read('es');
    for (const [key, text] of Object.entries(en)) {
      if (text === es[key]) continue;
      for (const fragment of text.split(/\{\{[^}]+\}\}/)) if (fragment.trim().length >= 4) phrases.add(fragment.trim());
    }
  }
  return [...phrases];
}

/** English phrases still visible on the page (in the text a user reads, hidden helpers included). */
export async function englishLeftOnPage(page: Page, namespaces: string[], app: 'customer' | 'office' = 'customer'): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const words = ` ${text.replace(/\s+/g, ' ')} `;
  const phrases = englishOnlyPhrases(['common', ...namespaces], app);
  // Whole words: "Edit" is not left over in "Editar". A phrase's edge that is not a letter or digit
  // ("Work Order #" before its number) needs no boundary.
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const wordEdge = /[\p{L}\p{N}]/u;
  return phrases.filter((phrase) => {
    const before = wordEdge.test(phrase.at(0)!) ? '(?<![\\p{L}\\p{N}])' : '';
    const after = wordEdge.test(phrase.at(-1)!) ? '(?![\\p{L}\\p{N}])' : '';
    return new RegExp(`${before}${escape(phrase)}${after}`, 'u').test(words);
  });
}
