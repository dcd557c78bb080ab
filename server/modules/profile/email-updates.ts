import { sign, verify } from 'hono/jwt';
import type { Db } from '../../platform/db/customer-scope';

/**
 * The one-click opt-out link of update e-mails: a JWT (HS256, hono/jwt) naming the customers row,
 * signed with the server's secret (AUTH_SECRET) and bound to this one purpose by its audience, so
 * no other token the server signs can stand in for it. It does not expire: the link in an old
 * e-mail keeps working, and all it can do is turn update e-mails off.
 */
const AUDIENCE = 'portal:email-updates-opt-out';

export async function optOutToken(secret: string, customerId: number): Promise<string> {
  return sign({ sub: String(customerId), aud: AUDIENCE, iat: Math.floor(Date.now() / 1000) }, secret, 'HS256');
}

export const optOutUrl = (appUrl: string, token: string) => `${appUrl}/api/email-updates/opt-out?token=${encodeURIComponent(token)}`;

/** The customers row id a genuine token names; undefined for anything else (forged, altered, another purpose). */
export async function customerOfToken(secret: string, token: string): Promise<number | undefined> {
  let payload: Awaited<ReturnType<typeof verify>>;
  try {
    payload = await verify(token, secret, { alg: 'HS256', aud: AUDIENCE });
  } catch {
    // A token that does not verify is the caller's mistake or a forgery: the page says the link is not valid.
    return undefined;
  }
  const id = Number(payload.sub);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** Sets 'E-mail me about updates' of one customers row; false when the row is gone. */
export async function setEmailUpdatesById(db: Db, customerId: number, enabled: boolean): Promise<boolean> {
  const row = await db
    .updateTable('customers')
    .set({ email_updates: enabled })
    .where('id', '=', customerId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
