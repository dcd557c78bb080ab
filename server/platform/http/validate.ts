import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { BAD_ID_MESSAGE } from '../../../contracts/fields';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../../../contracts/text';
import { AppError } from './errors';

/**
 * A zod validator whose failure is an AppError 400 naming what is wrong
 * (e.g. "address: Service address is required."), through the one error handler.
 * Every path parameter is a record's id: a malformed one gets the same answer on every resource.
 * Whatever the schema, no text with a NUL, another control character or a lone surrogate gets
 * past it (contracts/text.ts): PostgreSQL refuses those, and a refusal there was a 500.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (result.success) {
      const field = findUnstorableText(result.data);
      if (field === undefined) return;
      if (target === 'param') throw new AppError(400, 'invalid_request', BAD_ID_MESSAGE);
      throw new AppError(400, 'invalid_request', `${field}: ${UNSTORABLE_TEXT_MESSAGE}`);
    }
    if (target === 'param') throw new AppError(400, 'invalid_request', BAD_ID_MESSAGE);
    const message = result.error.issues
      .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
      .join(' ');
    throw new AppError(400, 'invalid_request', message || 'The request is not valid.');
  });
}
