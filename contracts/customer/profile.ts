import { z } from 'zod';

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
