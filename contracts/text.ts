import { z } from 'zod';

/** Control characters other than tab and line breaks: PostgreSQL refuses NUL, and none belongs in a message. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Half of a UTF-16 pair without its other half: no UTF-8 text holds one, so PostgreSQL (jsonb, text) refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = 'The text contains characters that cannot be stored.';

/** The one rule for every text the portal takes in: no control characters (tab and line breaks aside), no lone surrogates. */
export const isStorableText = (text: string): boolean => !CONTROL_CHARACTERS.test(text) && !LONE_SURROGATE.test(text);

/**
 * Where in a parsed input (JSON body, query, path) the first text breaking that rule is, keys
 * included, as "field.0.name"; undefined when all of it can be stored. The server applies it to
 * every validated input (server/platform/http/validate.ts), so a field a schema left as a bare
 * z.string() is covered too.
 */
export function findUnstorableText(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path.join('.') || 'text';
  if (!value || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, 'key'].join('.');
    const found = findUnstorableText(inner, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** Text a customer types: trimmed, required, at most `max` characters, storable (isStorableText). */
export function customerText(messages: { required: string; tooLong: string }, max: number) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(max, messages.tooLong)
    .refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);
}

/** Optional text that may be cleared: trimmed, at most `max` characters, empty is null, storable (isStorableText). */
export function clearableText(max: number, tooLong: string) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .refine(isStorableText, UNSTORABLE_TEXT_MESSAGE)
    .transform((s) => (s === '' ? null : s))
    .nullable();
}
