import type { Config } from '../../platform/config';

/** The demo's office owner (demo-owner.ts): its address, and the rule that keeps it out of production. */
export const DEMO_OWNER_EMAIL = 'owner@northwind-builders.example';

export const DEMO_OWNER_REFUSED_MESSAGE = 'The demo office account cannot sign in on a production server.';

/**
 * The demo owner's password and secret are public (README), so a server running with
 * NODE_ENV=production never lets that account in, even when `npm run demo` once wrote it into the
 * same database: its sign-in is refused (gate.ts) and so is any session it still holds (guard.ts).
 */
export const isRefusedDemoOwner = (email: string | null | undefined, config: Pick<Config, 'env'>) =>
  config.env === 'production' && email?.toLowerCase() === DEMO_OWNER_EMAIL;
