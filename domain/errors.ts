/**
 * A rule said no. Repositories, operations and guards throw these and never an HTTP error: each kind
 * has one HTTP status, in one table (server/platform/http/errors.ts).
 */
export type DomainErrorKind =
  | 'invalid_input'
  | 'unusable_input'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'wrong_state'
  | 'limit_reached'
  | 'too_large'
  | 'too_slow'
  | 'unsupported_type'
  | 'busy';

/**
 * The codes an error may carry. contracts/errors.ts fills this in (declaration merging) with its
 * `as const` lists, so a code that is in no list does not compile; domain/ itself imports nothing.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by contracts/errors.ts
export interface ErrorCodeRegister {}
export type ErrorCode = ErrorCodeRegister extends { code: infer C extends string } ? C : string;

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;

  /** `code` is the stable word the API answers with (e.g. 'not_cancellable'); `message` is for the reader. */
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A value the caller sent cannot be used as it is (e.g. no address to work at); `field` names it when there is one. */
export class InvalidInputError extends DomainError {
  readonly kind = 'invalid_input';
  constructor(
    code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(code, message);
  }
}

/** Well-formed, but what it holds cannot be used (a photo that does not decode, a photo that is not there). */
export class UnusableInputError extends DomainError {
  readonly kind = 'unusable_input';
}

/** Nobody is signed in, or the session has ended. */
export class UnauthenticatedError extends DomainError {
  readonly kind = 'unauthenticated';
}

/** Signed in, but this account may not do this. */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';
}

/** Not there, or not the caller's: both get the same answer, so an id reveals nothing. */
export class NotFoundError extends DomainError {
  readonly kind = 'not_found';
  constructor(message: string, code: ErrorCode = 'not_found') {
    super(code, message);
  }
}

/** The record exists but its state does not allow this (e.g. cancelling a completed order). */
export class WrongStateError extends DomainError {
  readonly kind = 'wrong_state';
}

/** As much as a limit allows has been done (an hourly limit, one upload at a time). */
export class LimitReachedError extends DomainError {
  readonly kind = 'limit_reached';
  constructor(message: string, code: ErrorCode = 'too_many_requests') {
    super(code, message);
  }
}

/** More than may be sent at once (a body or a photo over its size). */
export class TooLargeError extends DomainError {
  readonly kind = 'too_large';
}

/** Sent too slowly: cut off. */
export class TooSlowError extends DomainError {
  readonly kind = 'too_slow';
}

/** Not a kind of file this takes. */
export class UnsupportedTypeError extends DomainError {
  readonly kind = 'unsupported_type';
}

/** Every slot is taken for now: try again after `retryAfterSeconds`. */
export class BusyError extends DomainError {
  readonly kind = 'busy';
  constructor(
    code: ErrorCode,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(code, message);
  }
}
