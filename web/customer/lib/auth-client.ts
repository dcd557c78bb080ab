import { createAuthClient } from 'better-auth/client';
import { inferAdditionalFields } from 'better-auth/client/plugins';

/** Better Auth's browser client: sign-in, sign-up, sign-out and password reset calls. */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [
    inferAdditionalFields({
      user: {
        phone: { type: 'string', required: false },
        address: { type: 'string', required: false },
        locale: { type: 'string', required: false },
      },
    }),
  ],
});
