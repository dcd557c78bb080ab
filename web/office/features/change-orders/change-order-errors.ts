import type { TFunction } from 'i18next';
import { ApiError } from '../../../shared/api/client';
import { errorText } from '../../lib/error-text';

/** A refusal in the reader's language: this screen's errors.<code>, else the office's common words. */
export const changeOrderErrorText = (t: TFunction, error: unknown): string =>
  error instanceof ApiError ? t(`changeOrders:errors.${error.code}`, { defaultValue: errorText(t, error) }) : errorText(t, error);
