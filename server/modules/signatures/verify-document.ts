import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { normalizeVerificationCode, type VerifyAnswer } from '../../../contracts/signatures';
import type { Database } from '../../platform/db/schema';
import { sha256Hex } from './verify-chain';

/**
 * Is `file` the signed document of `code`? Yes only when its SHA-256 is that stored for the code: one
 * changed byte, another file or an unknown code all answer no, alike (nothing else is revealed).
 */
export async function verifySignedDocument(db: Kysely<Database>, input: { code: string; file: Uint8Array }): Promise<VerifyAnswer> {
  const fileHash = Buffer.from(sha256Hex(input.file), 'hex');
  const row = await db
    .selectFrom('signed_documents')
    .select('pdf_sha256')
    .where('verification_code', '=', normalizeVerificationCode(input.code))
    .executeTakeFirst();
  const stored = Buffer.from(row?.pdf_sha256 ?? '0'.repeat(64), 'hex');
  return { matches: row !== undefined && timingSafeEqual(stored, fileHash) };
}
