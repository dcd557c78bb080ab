import type { TFunction } from 'i18next';
import { ApiError } from '../../shared/api/client';

/**
 * What to tell the user about a failed call: the translation of the server's error code when the
 * office knows it (common:errors.<code>), else the server's own message, else a general failure.
 * The server's messages are English; the codes we expect are translated.
 */
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('common:errors.network');
    return t(`common:errors.${error.code}`, { defaultValue: error.status >= 500 ? t('common:errors.server') : error.message });
  }
  // callEndpoint checks a body with the contract's schema before sending: its first complaint.
  const issue = (error as { name?: string; issues?: { message?: string }[] } | null)?.issues?.[0]?.message;
  if ((error as { name?: string } | null)?.name === 'ZodError' && issue) return issue;
  return t('common:errors.server');
}
