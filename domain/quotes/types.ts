/** A line of a quote version. Money and quantities are exact decimal strings (domain/money.ts). */
export interface QuoteLine {
  /** Stable across versions: a new version copies each line with its key, so lines can be matched. */
  key: string;
  description: string;
  quantity: string;
  unitPrice: string;
  lineTotal: string;
  optional: boolean;
}

/** What a customer sees of one version of a quote (and what its content hash covers). */
export interface QuoteVersionContent<L extends QuoteLine = QuoteLine> {
  quoteId: number;
  version: number;
  description: string;
  /** In the order shown. */
  lines: readonly L[];
  /** Percent, up to 3 decimals ("8.250"). */
  taxRate: string;
  subtotal: string;
  tax: string;
  total: string;
  /** YYYY-MM-DD, or null when the office set none. */
  validUntil: string | null;
  terms: string;
  /** 'Deposit': whole percent of the total invoiced at approval; 0 or absent = none. */
  depositPercent?: number;
}
