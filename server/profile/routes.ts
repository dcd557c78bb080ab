import { Hono } from 'hono';
import type { AppDeps } from '../app';
import { notFound } from '../http/errors';
import type { AppEnv } from '../http/types';
import { findProfile } from './repository';

/** /api/profile: the signed-in customer's own customers row. */
export function profileRoutes({ db }: Pick<AppDeps, 'db'>) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const profile = await findProfile(db, c.get('customer').email);
    if (!profile) throw notFound('User not found.');
    return c.json(profile);
  });
}
