import { z } from 'zod';

/** What the browser needs to know about this deployment (GET /api/config). */
export const publicConfigSchema = z.object({
  company: z.object({
    name: z.string(),
    email: z.string(),
    phones: z.tuple([z.string(), z.string()]),
    address: z.string(),
    logoUrl: z.string().nullable(),
  }),
  googleConfigured: z.boolean(),
  requireEmailVerification: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
