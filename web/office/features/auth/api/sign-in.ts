import { authClient } from '../../../lib/auth-client';

/** The outcome of a step of the office sign-in, as the page needs it. */
export type PasswordStepResult =
  | { kind: 'code' }
  /** A session was created without a code: only a customer account signs in that way. */
  | { kind: 'session' }
  | { kind: 'error'; reason: 'failed' | 'suspended' | 'setupUnfinished' | 'accountLocked' | 'tooManyAttempts' | 'demoRefused' };

export type CodeStepResult =
  { kind: 'signed-in' } | { kind: 'error'; reason: 'invalidCode' | 'codeExpired' | 'tooManyCodes' | 'codesLocked' | 'tooManyAttempts' };

interface BetterAuthError {
  status: number;
  code?: string;
}

/** Step one: Better Auth's POST /api/auth/sign-in/email. An office account answers { twoFactorRedirect: true }. */
export async function passwordStep(email: string, password: string): Promise<PasswordStepResult> {
  const { data, error } = await authClient.signIn.email({ email, password });
  if (error) return { kind: 'error', reason: passwordFailure(error) };
  return (data as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect ? { kind: 'code' } : { kind: 'session' };
}

function passwordFailure(error: BetterAuthError): Extract<PasswordStepResult, { kind: 'error' }>['reason'] {
  if (error.code === 'BANNED_USER') return 'suspended';
  if (error.code === 'OFFICE_SECOND_FACTOR_REQUIRED') return 'setupUnfinished';
  if (error.code === 'ACCOUNT_LOCKED') return 'accountLocked';
  // The demo owner on a server with NODE_ENV=production (server/auth/office/demo-owner.ts).
  if (error.code === 'DEMO_ACCOUNT_REFUSED') return 'demoRefused';
  if (error.status === 429) return 'tooManyAttempts';
  return 'failed';
}

/** Step two: an authenticator code (POST /two-factor/verify-totp) or a backup code (/verify-backup-code), once. */
export async function codeStep(method: 'totp' | 'backup', code: string): Promise<CodeStepResult> {
  const { error } =
    method === 'totp' ? await authClient.twoFactor.verifyTotp({ code }) : await authClient.twoFactor.verifyBackupCode({ code });
  if (!error) return { kind: 'signed-in' };
  if (error.code === 'INVALID_CODE' || error.code === 'INVALID_BACKUP_CODE') return { kind: 'error', reason: 'invalidCode' };
  if (error.code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') return { kind: 'error', reason: 'tooManyCodes' };
  if (error.code === 'ACCOUNT_TEMPORARILY_LOCKED') return { kind: 'error', reason: 'codesLocked' };
  if (error.status === 429) return { kind: 'error', reason: 'tooManyAttempts' };
  // The two-factor cookie is gone (10 minutes passed) or the attempt was ended: start again.
  return { kind: 'error', reason: 'codeExpired' };
}
