import { z } from 'zod';

/**
 * The account's person who acted (approved, declined, asked, paid): contract-spec §4, 'every approval,
 * payment and request records which person did it, and the office sees that name'. Their name and
 * e-mail as their sign-in has them now; null where nobody is recorded (the office's own, plain SQL's,
 * before people existed) or their sign-in was removed (decision 246).
 */
export const actingPersonSchema = z.object({ name: z.string(), email: z.string() });
export type ActingPerson = z.infer<typeof actingPersonSchema>;
