import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CHANGE_ORDER_ERROR_CODES,
  CUSTOMER_ERROR_CODES,
  ERROR_CODES,
  OFFICE_ACCOUNT_ERROR_CODES,
  PROPERTY_ERROR_CODES,
  QUOTE_FROM_REQUEST_ERROR_CODES,
  QUOTE_OFFICE_ERROR_CODES,
  SCHEDULE_ERROR_CODES,
  WORK_ORDER_FROM_QUOTE_ERROR_CODES,
  WORK_ORDER_STATUS_ERROR_CODES,
} from './errors';

const LOCALES = ['en', 'es'] as const;
/** Words the office app says about a failure no server answer carries (web/office/lib/error-text.ts). */
const CLIENT_ONLY = ['network', 'server'];

/** The keys of a locale file's `errors` section: the server's codes that screen says in the reader's language. */
const translated = (app: string, locale: string, namespace: string): string[] => {
  const file = path.join('web', app, 'i18n', 'locales', locale, `${namespace}.json`);
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { errors?: Record<string, string> };
  return Object.keys(json.errors ?? {}).sort();
};

const sorted = (...lists: readonly (readonly string[])[]) => [...new Set(lists.flat())].sort();

/**
 * The office app shows a refusal in the reader's language by its code (common:errors.<code> and each
 * screen's own errors.<code>). Each namespace translates exactly the contract's lists it is meant for:
 * a code the server stops answering, or a new one the screen does not know yet, fails here.
 */
describe("the office app's translations of error codes", () => {
  const expected: Record<string, string[]> = {
    common: sorted(CLIENT_ONLY, OFFICE_ACCOUNT_ERROR_CODES, CUSTOMER_ERROR_CODES, ['forbidden', 'not_found']),
    quotes: sorted(QUOTE_OFFICE_ERROR_CODES, WORK_ORDER_FROM_QUOTE_ERROR_CODES, ['not_found']),
    workOrder: sorted(WORK_ORDER_STATUS_ERROR_CODES, SCHEDULE_ERROR_CODES, QUOTE_FROM_REQUEST_ERROR_CODES),
    changeOrders: sorted(CHANGE_ORDER_ERROR_CODES, ['not_found']),
    properties: sorted(PROPERTY_ERROR_CODES),
  };

  for (const locale of LOCALES) {
    it.each(Object.entries(expected))(`${locale}: %s:errors covers exactly its codes`, (namespace, codes) => {
      expect(translated('office', locale, namespace)).toEqual(codes);
    });
  }

  it('translates nothing but codes the API answers', () => {
    const known = new Set<string>([...ERROR_CODES, ...CLIENT_ONLY]);
    for (const locale of LOCALES) {
      for (const file of fs.readdirSync(path.join('web', 'office', 'i18n', 'locales', locale))) {
        const unknown = translated('office', locale, path.basename(file, '.json')).filter((code) => !known.has(code));
        expect(unknown, `${locale}/${file}`).toEqual([]);
      }
    }
  });
});
