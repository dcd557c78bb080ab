/** A line of the contract as it stands: the signed version's required and chosen lines, changed by approved change orders. */
export interface ContractLine {
  /** Stable: the quote line's key, or the key a change order gave the line it added. */
  key: string;
  description: string;
  /** Exact decimal strings (domain/money.ts). */
  quantity: string;
  unitPrice: string;
  lineTotal: string;
}

export type LineChangeKind = 'added' | 'removed' | 'changed';

/** One line of a change order (change_order_lines): the line as it will be, and for 'changed' as it was. */
export interface ChangeLine extends ContractLine {
  change: LineChangeKind;
  /** The line before this change order ('changed' only). For 'removed' the line itself is the old one. */
  old: ContractLine | null;
}

export const changeOrderStatuses = ['Draft', 'Sent', 'Approved', 'Declined', 'Expired'] as const;
export type ChangeOrderStatus = (typeof changeOrderStatuses)[number];

/** The figures of a change order, exact decimal strings: the contract before and after it. */
export interface ChangeOrderFigures {
  subtotalBefore: string;
  subtotalAfter: string;
  totalBefore: string;
  totalAfter: string;
  /** totalAfter - totalBefore: what this change order adds to (or takes from) the contract. */
  amount: string;
}
