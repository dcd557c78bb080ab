import { dictionary } from '@zxcvbn-ts/language-common';
import { ACCOUNT_LIMITS } from '../../contracts/account-limits';

/**
 * Besides 8 to 128 characters, a password may not be one of the most common ones: the list kept by
 * zxcvbn-ts (about 18,000 entries long enough to pass the length rule). Compared without case.
 */
const common = new Set(
  (dictionary['passwords-common'] as string[]).filter((p) => p.length >= ACCOUNT_LIMITS.passwordMin).map((p) => p.toLowerCase()),
);

export const isCommonPassword = (password: string) => common.has(password.toLowerCase());

export const COMMON_PASSWORD = {
  code: 'PASSWORD_TOO_COMMON',
  message: 'This password is one of the most common ones. Please choose another.',
} as const;
