import { createHash } from 'node:crypto';
import { canonicalVersion } from '../../../domain/quotes/canonical';
import type { QuoteVersionContent } from '../../../domain/quotes/types';

/** SHA-256 (hex) of the version's canonical text: stored when it is sent, copied into each approval. */
export const contentHash = (version: QuoteVersionContent): string =>
  createHash('sha256').update(canonicalVersion(version), 'utf8').digest('hex');
