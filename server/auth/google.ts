import { getCurrentAuthEndpointContext } from '@better-auth/core/context';
import type { BetterAuthOptions, BetterAuthPlugin } from 'better-auth';
import { APIError, getOAuthState } from 'better-auth/api';
import { genericOAuth, oauthPopup } from 'better-auth/plugins';
import { GOOGLE_EMAIL_UNVERIFIED } from '../../contracts/google-sign-in';
import { toLocale } from '../../contracts/locale';
import type { Config } from '../platform/config';

/**
 * Sign in with Google: OpenID Connect discovery from GOOGLE_ISSUER, authorization code with PKCE,
 * state and nonce, and an ID token checked against the issuer's keys. Better Auth registers the
 * provider as `google`, so its redirect URL is {APP_URL}/api/auth/callback/google.
 * The oauthPopup plugin runs the same flow in a popup and hands the result back to the opener.
 */
const GOOGLE_PROVIDER_ID = 'google';
const GOOGLE_FALLBACK_NAME = 'Google User';

const googleDiscoveryUrl = (issuer: string) => `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;

/** The user row a first Google sign-in creates: the spec's profile is name, empty phone, empty address. */
function googleProfileToUser(profile: { name?: unknown; locale?: unknown }) {
  const name = typeof profile.name === 'string' ? profile.name.trim() : '';
  return { name: name || GOOGLE_FALLBACK_NAME, phone: '', address: '', locale: toLocale(profile.locale) };
}

/**
 * An identity whose provider has not verified the address never creates, confirms or joins an
 * account: anyone can put someone else's address on an account at an OpenID provider, so trusting it
 * (even by mailing that address a link) hands the address's account to them. The callback ends on
 * the error page the sign-in named, with error=google_email_unverified, before Better Auth looks for
 * an account. Thrown as the endpoint's own redirect so the popup plugin relays the code too.
 */
const refuseUnverifiedIdentity = () =>
  refuseGoogleSignIn(
    GOOGLE_EMAIL_UNVERIFIED,
    'Google has not verified this e-mail address.',
    'the provider has not verified the e-mail address',
  );

/**
 * Ends a Google callback on the error page the sign-in named (its state's errorURL) with `error=code`,
 * before Better Auth creates, links or signs in any account. Also used by the join page's Google
 * sign-in (account-people/google-join.ts).
 */
export async function refuseGoogleSignIn(code: string, message: string, why: string): Promise<never> {
  const endpoint = getCurrentAuthEndpointContext();
  const errorURL = (await getOAuthState())?.errorURL ?? `${endpoint.context.baseURL}/error`;
  endpoint.context.logger.warn(`Google sign-in refused: ${why}`);
  const location = `${errorURL}${errorURL.includes('?') ? '&' : '?'}error=${code}`;
  if (endpoint.redirect) throw endpoint.redirect(location);
  // Not an HTTP request (a server-side call): refuse all the same.
  throw new APIError('FORBIDDEN', { code, message });
}

/**
 * `onVerifiedEmail` runs once Google's ID token is checked and says the address is verified, before
 * Better Auth looks for an account with that address.
 */
export function googlePlugins(google: Config['google'], onVerifiedEmail: (email: string) => Promise<void>): BetterAuthPlugin[] {
  if (!('clientId' in google)) return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: GOOGLE_PROVIDER_ID,
          name: 'Google',
          discoveryUrl: googleDiscoveryUrl(google.issuer),
          // An unreachable or incomplete discovery document must not downgrade to unverified ID tokens.
          requireIdTokenVerification: true,
          clientId: google.clientId,
          clientSecret: google.clientSecret,
          scopes: ['openid', 'email', 'profile'],
          pkce: true,
          mapProfileToUser: async (profile) => {
            if (profile.emailVerified !== true || typeof profile.email !== 'string') return refuseUnverifiedIdentity();
            await onVerifiedEmail(profile.email);
            return googleProfileToUser(profile);
          },
        },
      ],
    }),
    oauthPopup(),
  ];
}

/**
 * Google links to an existing account with the same e-mail only when Google says the address is
 * verified (and the local account is confirmed too, Better Auth's default). Google is deliberately
 * not a "trusted provider": that would link even an unverified address.
 */
export const googleAccountOptions = {
  encryptOAuthTokens: true,
  accountLinking: {
    enabled: true,
    trustedProviders: [],
    allowDifferentEmails: false,
    updateUserInfoOnLink: false,
  },
} satisfies BetterAuthOptions['account'];

/**
 * The popup plugin warns once that it has no `bearer` plugin. That only matters for an app embedded
 * in a cross-site iframe, which the portal never is (it forbids framing), so the warning is noise.
 */
export const isIrrelevantPopupWarning = (message: string) => message.startsWith('OAuth popup hands the session token back via postMessage');
