import type { OFFICE_ACCOUNT_ERROR_CODES } from '../../../contracts/errors';
import { DomainError, type DomainErrorKind } from '../../../domain/errors';

/** What can go wrong with an office account, and the kind of refusal each is (its HTTP status is the kind's). */
const KIND = {
  setup_link_invalid: 'invalid_input',
  invitation_withdrawn: 'invalid_input',
  wrong_password: 'invalid_input',
  password_too_common: 'invalid_input',
  invalid_code: 'invalid_input',
  own_account: 'invalid_input',
  not_found: 'not_found',
  customer_account: 'wrong_state',
  already_set_up: 'wrong_state',
  suspended: 'wrong_state',
} satisfies Partial<Record<(typeof OFFICE_ACCOUNT_ERROR_CODES)[number], DomainErrorKind>>;

export type OfficeErrorCode = keyof typeof KIND;

/**
 * A refusal the caller can act on. It is a domain error, so a route needs no mapping of its own;
 * the command line prints its message.
 */
export class OfficeAccountError extends DomainError {
  readonly kind: DomainErrorKind;
  constructor(code: OfficeErrorCode, message: string) {
    super(code, message);
    this.kind = KIND[code];
    this.name = 'OfficeAccountError';
  }
}
