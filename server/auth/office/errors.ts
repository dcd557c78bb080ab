import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../../platform/http/errors';

/** What can go wrong with an office account, and the HTTP status each answers with (one table). */
const STATUS = {
  setup_link_invalid: 400,
  invitation_withdrawn: 400,
  wrong_password: 400,
  password_too_common: 400,
  invalid_code: 400,
  own_account: 400,
  not_found: 404,
  customer_account: 409,
  already_set_up: 409,
  suspended: 409,
} satisfies Record<string, ContentfulStatusCode>;

export type OfficeErrorCode = keyof typeof STATUS;

/**
 * A refusal the caller can act on. It is an AppError, so a route needs no mapping of its own;
 * the command line prints its message.
 */
export class OfficeAccountError extends AppError {
  constructor(code: OfficeErrorCode, message: string) {
    super(STATUS[code], code, message);
    this.name = 'OfficeAccountError';
  }
}
