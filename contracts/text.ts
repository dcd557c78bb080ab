import { z } from 'zod';

/** Control characters other than tab and line breaks: PostgreSQL refuses NUL, and none belongs in a message. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Text a customer types: trimmed, required, at most `max` characters, no control characters. */
export function customerText(messages: { required: string; tooLong: string }, max: number) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(max, messages.tooLong)
    .refine((s) => !CONTROL_CHARACTERS.test(s), 'The text contains characters that cannot be stored.');
}

/** Optional text that may be cleared: trimmed, at most `max` characters, empty is null, no control characters. */
export function clearableText(max: number, tooLong: string) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((s) => !CONTROL_CHARACTERS.test(s), 'The text contains characters that cannot be stored.')
    .transform((s) => (s === '' ? null : s))
    .nullable();
}
