import crypto from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Provider, type KoaContextWithOIDC } from 'oidc-provider';
import { memoryStore } from './oidc-memory-store';

/**
 * A real OpenID Connect provider (oidc-provider) standing in for Google in tests: discovery, PKCE,
 * signed ID tokens, the authorization-code flow. Its login page is a small form where the test
 * chooses the account the provider vouches for: e-mail, name (or none) and whether the e-mail is
 * verified. "Cancel" answers the portal with error=access_denied, as Google does.
 */
export const TEST_GOOGLE_CLIENT = { id: 'portal-test-client', secret: 'portal-test-client-secret' } as const;

export interface TestIdentity {
  email: string;
  name?: string | undefined;
  emailVerified: boolean;
}

export interface TestOidcProvider {
  issuer: string;
  close(): Promise<void>;
}

/** Like Google, the subject is stable per account (here: per e-mail address). */
export const subjectFor = (email: string) =>
  `acct-${crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 24)}`;

export async function startOidcProvider(opts: { port: number; redirectUris: string[]; host?: string }): Promise<TestOidcProvider> {
  const host = opts.host ?? '127.0.0.1';
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(opts.port, host, resolve));
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;

  const accounts = new Map<string, TestIdentity>();
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_GOOGLE_CLIENT.id,
        client_secret: TEST_GOOGLE_CLIENT.secret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [crypto.randomBytes(32).toString('hex')] },
    adapter: memoryStore(),
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google puts the e-mail and name claims in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => {
      const identity = accounts.get(sub);
      if (!identity) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: identity.email,
          email_verified: identity.emailVerified,
          ...(identity.name ? { name: identity.name } : {}),
        }),
      };
    },
    // A first-party client: no consent screen, like an app the user has already approved.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session, result, provider: op } = ctx.oidc;
      const existing = result?.consent?.grantId ?? (client && session?.grantIdFor(client.clientId));
      if (existing) return op.Grant.find(existing);
      if (!client || !session?.accountId) return undefined;
      const grant = new op.Grant({ accountId: session.accountId, clientId: client.clientId });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['email', 'email_verified', 'name']);
      await grant.save();
      return grant;
    },
  });

  const callback = provider.callback();
  handle = (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(provider, accounts, req, res).catch((err: unknown) => {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(`interaction failed: ${String(err)}`);
      });
      return;
    }
    callback(req, res);
  };

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function interaction(provider: Provider, accounts: Map<string, TestIdentity>, req: IncomingMessage, res: ServerResponse) {
  const details = await provider.interactionDetails(req, res);
  if (req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(loginPage(details.uid));
    return;
  }
  const form = new URLSearchParams(await readBody(req));
  if (form.get('action') === 'cancel') {
    await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled the sign-in.' });
    return;
  }
  const email = form.get('email')?.trim() ?? '';
  if (!email) throw new Error('an e-mail is required');
  const name = form.get('name')?.trim() || undefined;
  const accountId = subjectFor(email);
  accounts.set(accountId, { email, name, emailVerified: form.get('email_verified') === 'true' });
  await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const loginPage = (uid: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Local OpenID provider</title></head>
<body>
<main>
<h1>Local OpenID provider</h1>
<p>Choose the account this sign-in returns.</p>
<form method="post" action="/interaction/${encodeURIComponent(uid)}">
<p><label for="email">Email</label> <input id="email" name="email" type="email" required></p>
<p><label for="name">Name</label> <input id="name" name="name"></p>
<p><input id="email_verified" name="email_verified" type="checkbox" value="true" checked> <label for="email_verified">Email verified</label></p>
<p><button type="submit" name="action" value="login">Continue</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button></p>
</form>
</main>
</body>
</html>`;
