import type { ProfileHooks } from './auth/auth';
import type { Config } from './platform/config';
import type { Logger } from './platform/logger';
import { emailChangeMail, readEmailChangeToken } from './modules/profile/email-change-mail';
import { ensureCustomer } from './modules/profile/ensure-customer';

/**
 * The profile module's part in signing up and changing an address, handed to Better Auth's set-up
 * (server/auth/auth.ts), which never imports a module: the layers point down only.
 */
export function profileHooks(config: Config, logger: Logger, secret: string): ProfileHooks {
  const changeMail = emailChangeMail(config, logger);
  return {
    ensureCustomer,
    async sendEmailChangeLink(db, token) {
      const change = await readEmailChangeToken(token, secret);
      if (!change) return false;
      await changeMail.sendLink(db, change, token);
      return true;
    },
  };
}
