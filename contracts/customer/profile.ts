import { z } from 'zod';
import { endpoint } from '../endpoint';

/** GET /api/profile: the customers row of the signed-in e-mail. Missing values are null. */
export const profileSchema = z.object({
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  account_number: z.string().nullable(),
  /** ISO time. */
  created_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** 404 'User not found.' when the account has no customers row. */
export const getProfile = endpoint({ method: 'GET', path: '/api/profile', response: profileSchema });
