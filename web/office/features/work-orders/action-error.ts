import type { TFunction } from 'i18next';
import { ApiError } from '../../../shared/api/client';
import { errorText } from '../../lib/error-text';

/** A failed action in words: the order page's own translation of the server's code when it has one, else the office's. */
export function actionError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.status !== 0) {
    const own = t(`workOrder:errors.${error.code}`, { defaultValue: '' });
    if (own) return own;
  }
  return errorText(t, error);
}
