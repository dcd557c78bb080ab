import { describe, expect, it } from 'vitest';
import { INVOICE_ERROR_CODES } from '../../../../contracts/errors';
import { resources } from '../../i18n/resources';

/**
 * The Invoices screens say each refusal of the invoices API in the reader's language
 * (invoices:errors.<code>): exactly the contract's list and 'not_found', in both languages.
 * (contracts/error-translations.test.ts checks every namespace's codes exist; this one that none is missing here.)
 */
describe("the invoices screens' error texts", () => {
  it.each(['en', 'es'] as const)('%s: cover exactly the invoice error codes', (locale) => {
    expect(Object.keys(resources[locale].invoices.errors).sort()).toEqual([...new Set([...INVOICE_ERROR_CODES, 'not_found'])].sort());
  });
});
