import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';

/**
 * A random id a browser keeps for a year. It grants nothing by itself: once a password sign-in
 * succeeds from it, strangers' wrong passwords for that account no longer slow it down
 * (server/auth/sign-in-throttle.ts). Our HTTP layer passes it to Better Auth's hooks in DEVICE_HEADER,
 * overwriting anything a client sent under that name.
 */
const DEVICE_COOKIE = 'portal.device';
export const DEVICE_HEADER = 'x-portal-device';
const ID = /^[0-9a-f-]{36}$/;

export function deviceOf(c: Context): { id: string; isNew: boolean } {
  const existing = getCookie(c, DEVICE_COOKIE);
  return existing && ID.test(existing) ? { id: existing, isNew: false } : { id: randomUUID(), isNew: true };
}

export const deviceCookie = (id: string, secure: boolean) =>
  generateCookie(DEVICE_COOKIE, id, { path: '/api/auth', httpOnly: true, sameSite: 'Lax', secure, maxAge: 365 * 24 * 3600 });
