import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { magicLink } from 'better-auth/plugins/magic-link';
import type { Kysely } from 'kysely';
import type { Config } from '../platform/config';
import type { Database } from '../platform/db/schema';
import type { Logger } from '../platform/logger';
import { googleAccountOptions, googlePlugins, isIrrelevantPopupWarning } from './google';
import { accountMail } from './account-mail';
import type { BackgroundTasks } from './background-tasks';
import { accountRules } from './account-rules';
import { DEVICE_HEADER } from './device-cookie';
import { repeatSignUp } from './repeat-sign-up';
import { signInThrottle } from './sign-in-throttle';
import { officeAuth } from './office/plugins';
import { CUSTOMER_ROLE, isOfficeRole } from './office/roles';
import { forgetResetLinks } from './reset-links';
import { replaceUnconfirmedRegistration } from './unconfirmed-registration';
import { isAccountPerson } from './account-of';
import { googleJoin } from './account-people/google-join';
import { accountPeoplePlugin } from './account-people/plugin';
import { portalInvitationPlugin } from './portal-invitation/plugin';
import { signInMethodField, signInMethodOf } from './session-origin';
import { AUTH_RATE_LIMITS } from './rate-limits';
import { SIGN_IN_LINK_MINUTES, signInLinkSender } from './sign-in-link';

/** The header our own middleware sets from the socket (or a trusted proxy); clients cannot choose it. */
export const CLIENT_IP_HEADER = 'x-portal-client-ip';

export interface AuthDeps {
  config: Config;
  secret: string;
  logger: Logger;
  /** Called after an e-mail is queued, so the worker sends it at once. */
  onMailQueued?: () => void;
  /** Work started by a request and not awaited by it (server/auth/background-tasks.ts). */
  background?: BackgroundTasks;
  /** The customer's profile, which auth never imports (server/profile-hooks.ts wires it). */
  profile: ProfileHooks;
}

/** What signing up and changing an address need of the profile module (server/modules/profile). */
export interface ProfileHooks {
  /** Creates the customers row of an account if none has its e-mail (idempotent). */
  ensureCustomer(
    db: Kysely<Database>,
    customer: { email: string; name: string | null; phone: string | null; address: string | null },
  ): Promise<void>;
  /** Sends the new address its link when `token` is a change-email token; false for any other token. */
  sendEmailChangeLink(db: Kysely<Database>, token: string): Promise<boolean>;
}

interface PortalUser {
  id: string;
  email: string;
  name: string;
  phone?: string | null;
  address?: string | null;
  locale?: string | null;
}

export function authOptions(db: Kysely<Database>, deps: AuthDeps): BetterAuthOptions {
  const { config, logger } = deps;
  const mail = accountMail(db, config, logger, deps.onMailQueued, deps.background);
  const throttle = signInThrottle(db, logger, { address: CLIENT_IP_HEADER, device: DEVICE_HEADER });
  const rules = accountRules();
  const onExistingUserSignUp = repeatSignUp({
    db,
    secret: deps.secret,
    appUrl: config.appUrl,
    logger,
    sendVerificationEmail: mail.sendVerificationEmail,
  });
  const office = officeAuth({ db, config, logger });
  const replaceUnconfirmed = replaceUnconfirmedRegistration(db, logger);
  // 'Join the account' with Google (account-people/google-join.ts).
  const join = googleJoin(db, logger);
  /** Better Auth has one callback for its links: a change-email token goes to the new address as our page's link. */
  const sendVerificationEmail = async (data: { user: PortalUser; url: string; token: string }) => {
    if (!(await deps.profile.sendEmailChangeLink(db, data.token))) await mail.sendVerificationEmail(data);
  };

  const createProfile = async (user: PortalUser) =>
    deps.profile.ensureCustomer(db, {
      email: user.email,
      name: user.name || null,
      phone: user.phone ?? null,
      address: user.address ?? null,
    });

  return {
    appName: config.company.name,
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: deps.secret,
    database: { db, type: 'postgres' },
    trustedOrigins: [config.appUrl],
    logger: {
      log: (level, message, ...args) => {
        const ctx = { source: 'better-auth', details: args.map((a) => (a instanceof Error ? a.message : a)) };
        if (level === 'error') logger.error(message, ctx);
        else if (level === 'warn' && !isIrrelevantPopupWarning(message)) logger.warn(message, ctx);
        else logger.debug(message, ctx);
      },
    },
    user: {
      // Changing the e-mail (issue 14.6): only through POST /api/profile/email, which checks the password
      // and calls auth.api.changeEmail; the HTTP path is closed (disabledPaths). The new address's link
      // opens our page, whose confirmation moves the records (server/modules/profile/confirm-email-change.ts).
      changeEmail: { enabled: true, updateEmailWithoutVerification: false },
      additionalFields: {
        phone: { type: 'string', required: false, input: true },
        address: { type: 'string', required: false, input: true },
        locale: { type: 'string', required: false, input: true, defaultValue: 'en' },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: config.requireEmailVerification,
      autoSignIn: !config.requireEmailVerification,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      onExistingUserSignUp,
      // The look-alike answer to a sign-up for a registered address carries what a new account's does
      // (the admin plugin's role is set by a hook, so Better Auth's own look-alike has none).
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({ ...coreFields, role: CUSTOMER_ROLE, ...additionalFields, id }),
      onPasswordReset: async ({ user }) => {
        await throttle.clear(user.email);
        await forgetResetLinks(db, user.id);
      },
      resetPasswordTokenExpiresIn: 3600,
      sendResetPassword: mail.sendResetPassword,
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 3600,
      sendVerificationEmail,
    },
    // Google sign-in (when configured) and the rule for linking it to an e-mail-and-password account;
    // office accounts: roles, two-factor, short sessions (server/auth/office/).
    plugins: [
      ...googlePlugins(config.google, async (email) => {
        await join.check(email);
        await replaceUnconfirmed(email);
      }),
      ...office.plugins,
      // 'Email me a sign-in link' (issue 26.2): customers' accounts only (sign-in-link.ts), never a new account.
      magicLink({
        expiresIn: SIGN_IN_LINK_MINUTES * 60,
        storeToken: 'hashed',
        disableSignUp: true,
        rateLimit: { window: 60, max: 10 },
        sendMagicLink: signInLinkSender(db, logger, mail.sendSignInLink),
      }),
      portalInvitationPlugin({ db, logger }),
      // A person's invitation to a customer's account (issue 26.4).
      accountPeoplePlugin({ db, logger }),
    ],
    disabledPaths: [...office.disabledPaths, '/change-email'],
    account: googleAccountOptions,
    session: {
      expiresIn: 30 * 24 * 3600,
      updateAge: 24 * 3600,
      // No cookie cache: every check reads the database, so a revoked session ends at once.
      cookieCache: { enabled: false },
      // How each session was made (session-origin.ts): the signature certificate names it.
      additionalFields: signInMethodField,
    },
    rateLimit: AUTH_RATE_LIMITS,
    advanced: {
      cookiePrefix: 'portal',
      useSecureCookies: config.appUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Better Auth skips its origin (CSRF) check when NODE_ENV=test; we keep it on so tests see production.
      disableOriginCheck: false,
      // A session and its user in one query, not two (decision 292).
      database: { joins: true },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            await join.beforeCreateUser(user);
          },
          after: async (user) => join.afterCreateUser(user),
        },
      },
      session: {
        create: {
          before: async (session, ctx) => ({ data: { ...session, signInMethod: signInMethodOf(ctx?.path) } }),
          // Repairs an account whose profile was not created at sign-up (see ensureCustomer).
          after: async (session) => {
            const user = await db
              .selectFrom('user')
              .select(['id', 'email', 'name', 'phone', 'address', 'locale', 'role'])
              .where('id', '=', session.userId)
              .executeTakeFirst();
            // Office accounts are not customers: they get no customers row; nor does a person of
            // another customer's account (account_people, decision 246): they read that account's.
            if (user && !isOfficeRole(user.role) && !(await isAccountPerson(db, user.id))) await createProfile(user);
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await throttle.check(ctx);
        return rules(ctx);
      }),
      after: createAuthMiddleware(async (ctx) => {
        await throttle.record(ctx);
        const changed =
          ctx.path === '/change-password' ? (ctx.context.returned as { user?: { id?: unknown } } | undefined)?.user : undefined;
        if (typeof changed?.id === 'string') await forgetResetLinks(db, changed.id);
        // With confirmation required, the profile is made at the first sign-in, i.e. once the
        // address is proven: an unconfirmed registration must not write anyone's customers row.
        if (ctx.path !== '/sign-up/email' || config.requireEmailVerification) return;
        const returned = ctx.context.returned as { user?: PortalUser } | undefined;
        if (!returned?.user) return;
        try {
          await createProfile(returned.user);
        } catch (err) {
          // The account exists; the profile is created again at first sign-in.
          logger.error('account created but customers row failed', { email: returned.user.email, err });
          return ctx.json({ ...returned, profileSaved: false });
        }
      }),
    },
  };
}

export function createAuth(db: Kysely<Database>, deps: AuthDeps) {
  return betterAuth(authOptions(db, deps));
}
export type Auth = ReturnType<typeof createAuth>;
