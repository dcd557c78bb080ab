import type { TFunction } from 'i18next';
import { ApiError } from '../../../shared/api/client';
import { errorText } from '../../lib/error-text';
import { fieldErrors } from './editor-form';

/** The contract's English messages (contracts/office/quotes.ts) and the key of their translation. */
const FIELD_MESSAGES: Record<string, string> = {
  'Each line needs a description.': 'lineDescription',
  'Quantity: a number with at most 2 decimals.': 'quantityFormat',
  'Quantity must be more than 0.': 'quantityPositive',
  'Unit price: dollars with at most 2 decimals.': 'unitPriceFormat',
  'Tax rate: a percent with at most 3 decimals.': 'taxRateFormat',
  'Tax rate: at most 100 %.': 'taxRateMax',
  'Valid until: a date like 2026-11-23.': 'validUntilFormat',
  'Deposit: a whole percentage.': 'depositFormat',
  'Deposit: 0 to 100 %.': 'depositFormat',
};

/** One of the contract's messages in the screen's language (the server's own words when it is not a known one). */
export function fieldMessage(t: TFunction, message: string): string {
  const key = FIELD_MESSAGES[message];
  if (key) return t(`quotes:fieldErrors.${key}`);
  const tooLarge = /^The amount (.+) is too large\.$/.exec(message);
  if (tooLarge) return t('quotes:fieldErrors.tooLarge', { amount: tooLarge[1] });
  const tooLong = /^at most (\d+) characters$/.exec(message);
  if (tooLong) return t('quotes:fieldErrors.tooLong', { max: tooLong[1] });
  return message;
}

const zodIssues = (error: unknown) =>
  (error as { name?: string } | null)?.name === 'ZodError'
    ? ((error as { issues: { path: PropertyKey[]; message: string }[] }).issues ?? [])
    : null;

/** A failed save or send: the field errors (from the contract's schema) or one message for the form. */
export function saveFailure(t: TFunction, error: unknown): { fields: Record<string, string>; message: string } {
  const issues = zodIssues(error);
  if (issues) {
    const fields = Object.fromEntries(Object.entries(fieldErrors(issues)).map(([field, message]) => [field, fieldMessage(t, message)]));
    return { fields, message: t('quotes:editor.checkFields') };
  }
  return { fields: {}, message: quoteErrorText(t, error) };
}

/** The office's refusals on a quote (409 codes) in the screen's language, else the office's usual error text. */
export function quoteErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.status !== 0 && error.status < 500) {
    const translated = t(`quotes:errors.${error.code}`, { defaultValue: '' });
    if (translated) return translated;
  }
  return errorText(t, error);
}
