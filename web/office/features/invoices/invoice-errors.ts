import type { TFunction } from 'i18next';
import { ApiError } from '../../../shared/api/client';
import { errorText } from '../../lib/error-text';

/** A refusal in the reader's language: this screen's invoices:errors.<code>, else the office's common words. */
export const invoiceErrorText = (t: TFunction, error: unknown): string =>
  error instanceof ApiError && error.status !== 0
    ? t(`invoices:errors.${error.code}`, { defaultValue: errorText(t, error) })
    : errorText(t, error);
