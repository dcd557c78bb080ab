import { createAuthClient } from 'better-auth/client';
import { inferAdditionalFields, magicLinkClient } from 'better-auth/client/plugins';

/** Better Auth's browser client: sign-in (password, e-mailed link), sign-up, sign-out and password reset calls. */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [
    // 'Email me a sign-in link' (server/auth/sign-in-link.ts).
    magicLinkClient(),
    inferAdditionalFields({
      user: {
        phone: { type: 'string', required: false },
        address: { type: 'string', required: false },
        locale: { type: 'string', required: false },
      },
    }),
  ],
});
