import type { BetterAuthOptions } from 'better-auth';
import { PERSON_JOIN_PATH, PERSON_VIEW_PATH } from './account-people/plugin';
import { INVITATION_ACCEPT_PATH, INVITATION_VIEW_PATH } from './portal-invitation/plugin';
import { MAGIC_LINK_REQUEST_PATH, MAGIC_LINK_VERIFY_PATH } from './session-origin';

/**
 * Better Auth's limits on its own endpoints, per client address, kept in the database so that every
 * instance counts together: 120 requests a minute in all, fewer where a guess or an e-mail costs.
 * The sign-in throttle (sign-in-throttle.ts) adds its per-account and per-device delays on top.
 */
export const AUTH_RATE_LIMITS: NonNullable<BetterAuthOptions['rateLimit']> = {
  enabled: true,
  storage: 'database',
  window: 60,
  max: 120,
  customRules: {
    '/sign-in/email': { window: 60, max: 10 },
    '/sign-up/email': { window: 60, max: 5 },
    '/request-password-reset': { window: 300, max: 5 },
    '/send-verification-email': { window: 300, max: 5 },
    '/reset-password': { window: 60, max: 10 },
    // A sign-in link: as many requests as password sign-ins (and the hourly cap of account e-mails).
    [MAGIC_LINK_REQUEST_PATH]: { window: 60, max: 10 },
    [MAGIC_LINK_VERIFY_PATH]: { window: 60, max: 10 },
    [INVITATION_VIEW_PATH]: { window: 60, max: 20 },
    [INVITATION_ACCEPT_PATH]: { window: 60, max: 10 },
    [PERSON_VIEW_PATH]: { window: 60, max: 20 },
    [PERSON_JOIN_PATH]: { window: 60, max: 10 },
  },
};
