import { createAuthClient } from 'better-auth/client';
import { twoFactorClient } from 'better-auth/client/plugins';

/**
 * Better Auth's browser client for the office: the password step (POST /api/auth/sign-in/email), the
 * code step (/two-factor/verify-totp or /verify-backup-code) and sign-out. The password step of an
 * office account answers { twoFactorRedirect: true }; the sign-in page then asks for the code itself
 * (no twoFactorPage redirect).
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [twoFactorClient()],
});
