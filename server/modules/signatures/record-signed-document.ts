import { randomInt } from 'node:crypto';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A verification code: 16 characters of an alphabet without 0/O and 1/I, in four groups (80 bits).
 * The signed document itself is recorded by seal.ts (decision 269): the approval writes the signature
 * and a seal row; the seal makes the file after the commit.
 */
export function newVerificationCode(): string {
  const chars = Array.from({ length: 16 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]!);
  return chars.join('').match(/.{4}/g)!.join('-');
}
