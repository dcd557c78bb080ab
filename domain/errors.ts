/**
 * A business rule said no. Repositories and domain operations throw these and never an HTTP error:
 * each kind has one HTTP status, in one table (server/platform/http/errors.ts).
 */
export type DomainErrorKind = 'not_found' | 'wrong_state' | 'limit_reached';

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;

  /** `code` is the stable word the API answers with (e.g. 'not_cancellable'); `message` is for the customer. */
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Not there, or not the caller's: both get the same answer, so an id reveals nothing. */
export class NotFoundError extends DomainError {
  readonly kind = 'not_found';
  constructor(message: string) {
    super('not_found', message);
  }
}

/** The record exists but its state does not allow this (e.g. cancelling a completed order). */
export class WrongStateError extends DomainError {
  readonly kind = 'wrong_state';
}

/** The customer has created as much as the hourly limit allows. */
export class LimitReachedError extends DomainError {
  readonly kind = 'limit_reached';
  constructor(message: string) {
    super('too_many_requests', message);
  }
}
