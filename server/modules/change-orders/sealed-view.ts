import type { Kysely } from 'kysely';
import type { ChangeOrderView, ContractView } from '../../../contracts/change-order-document';
import type { Database } from '../../platform/db/schema';
import { sealPendingOf } from '../signatures/seal';

/** Approved, and its signed PDF not made yet: the seal worker has not got to it (decision 269). */
export const isUnsealed = (order: ChangeOrderView) => order.decision?.decision === 'Approved' && !order.decision.pdfSha256;

/**
 * A contract's change orders as a page shows them: one approved but not sealed yet is sealed now (the
 * worker's locked step, seal.ts) and the contract read again, so 'Download signed PDF' is there at once.
 */
export async function sealedContract<T extends ContractView | null | undefined>(
  db: Kysely<Database>,
  contract: T,
  load: () => Promise<T>,
): Promise<T> {
  if (!contract?.changeOrders.some(isUnsealed)) return contract;
  return (await sealPendingOf(db, { quoteId: contract.quoteId })) > 0 ? load() : contract;
}
