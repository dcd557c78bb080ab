import crypto from 'node:crypto';
import pg from 'pg';
import { request } from './side-by-side';
import { signIn } from './sign-in';

/**
 * Signs `emails` in fast: the first through the portal's API (a real sign-in), the others get a
 * session row copied from that one (every column but its id, token and account) and the cookie
 * the portal would have set, the token signed with AUTH_SECRET as Better Auth signs it (HMAC-SHA256,
 * base64, URL-encoded). A password sign-in costs tens of ms of CPU (scrypt), so hundreds of them
 * took minutes on a busy machine. Checked on the real cookie first: if the portal's cookie is not
 * signed this way, every customer is signed in through the API instead.
 */
export async function signInMany(
  base: string,
  origin: string,
  databaseUrl: string,
  secret: string,
  emails: string[],
  password: string,
): Promise<Map<string, string>> {
  const cookies = new Map<string, string>();
  const first = await signIn(base, origin, { email: emails[0]!, quoteIds: [] }, password, 0);
  cookies.set(first.email, first.cookie);
  const [name, value] = first.cookie.split(';')[0]!.split('=') as [string, string];
  const [token, signature] = decodeURIComponent(value).split('.') as [string, string];
  const sign = (t: string) => crypto.createHmac('sha256', secret).update(t).digest('base64');
  if (sign(token) !== signature) {
    for (let i = 1; i < emails.length; i += 8) {
      const batch = emails.slice(i, i + 8);
      const signedIn = await Promise.all(batch.map((email, j) => signIn(base, origin, { email, quoteIds: [] }, password, i + j)));
      for (const c of signedIn) cookies.set(c.email, c.cookie);
    }
    return cookies;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: columns } = await client.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'session'
        AND column_name NOT IN ('id', 'token', 'userId')`,
    );
    const copied = columns.map((c) => pg.escapeIdentifier(c.column_name)).join(', ');
    const rest = emails.slice(1);
    const tokens = rest.map(() => crypto.randomBytes(24).toString('base64url'));
    await client.query(
      `INSERT INTO "session" (id, token, "userId", ${copied})
       SELECT 'bench-' || t.token, t.token, u.id, ${columns.map((c) => `s.${pg.escapeIdentifier(c.column_name)}`).join(', ')}
         FROM unnest($1::text[], $2::text[]) AS t(email, token)
         JOIN "user" AS u ON u.email = t.email
         JOIN "session" AS s ON s.token = $3`,
      [rest, tokens, token],
    );
    rest.forEach((email, i) => cookies.set(email, `${name}=${encodeURIComponent(`${tokens[i]!}.${sign(tokens[i]!)}`)}`));
    return cookies;
  } finally {
    await client.end();
  }
}

/** One GET /api/work-orders per signed-in customer, ten at a time: each session is checked and in the portal's session cache. */
export async function warmSessions(base: string, origin: string, cookies: string[]) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < cookies.length) {
        const cookie = cookies[next++]!;
        const res = await request(`${base}/api/work-orders`, { headers: { cookie, origin } });
        if (res.status !== 200) throw new Error(`a customer's session did not pass: ${res.status} ${res.body.slice(0, 200)}`);
      }
    }),
  );
}
