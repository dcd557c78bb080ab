import { createHash } from 'node:crypto';
import { verifyChain, type ChainCheck } from '../../../domain/signatures/chain';
import type { Db } from '../../platform/db/customer-scope';
import { loadSignatureEvents, type DocumentKind } from './events';

export const sha256Hex = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/**
 * Checks a document's event chain as stored: every event links to the one before it and hashes to
 * its own hash. An edited, removed or moved event makes it { intact: false, brokenAt: <event id> }.
 */
export async function verifySignatureChain(db: Db, documentKind: DocumentKind, documentId: number): Promise<ChainCheck> {
  return verifyChain(await loadSignatureEvents(db, documentKind, documentId), sha256Hex);
}
