import type { QuoteDraftInput } from '../../../../contracts/office/quotes';
import type { QuoteVersionView } from '../../../../contracts/quote-document';
import {
  firstAmountTooLarge,
  lineTotal,
  MONEY_INPUT_PATTERN,
  QUANTITY_PATTERN,
  quoteTotals,
  TAX_RATE_PATTERN,
  toUnits,
  type Totals,
} from '../../../../domain/money';

/** One line as the editor holds it: what was typed, never a number. `rowId` keeps React's key across moves. */
export interface EditorLine {
  rowId: string;
  /** The line's key in the version it was copied from (carried over, so "what changed" matches it). */
  key?: string;
  description: string;
  quantity: string;
  unitPrice: string;
  optional: boolean;
}

export interface EditorForm {
  description: string;
  lines: EditorLine[];
  taxRate: string;
  validUntil: string;
  terms: string;
  /** 'Deposit' (contract-spec §3): a whole percentage as typed; blank for a new quote takes the company's default. */
  depositPercent: string;
}

let rowCounter = 0;
export const newRowId = () => `row-${++rowCounter}`;

export const blankLine = (): EditorLine => ({ rowId: newRowId(), description: '', quantity: '1', unitPrice: '', optional: false });

/**
 * What a person types for an amount, as the API takes it: spaces, a leading '$' and the thousands
 * commas of "$1,234.50" go; anything else is left for the contract's pattern to refuse.
 */
export function cleanAmount(typed: string): string {
  const trimmed = typed.trim().replace(/^\$\s*/, '');
  // Commas only as thousands separators (1,234 or 12,345,678.9): never a decimal comma turned into nothing.
  return /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(trimmed) ? trimmed.replace(/,/g, '') : trimmed;
}

/** A tax rate as typed: "8.25%" or "8.25 %" -> "8.25". */
export const cleanRate = (typed: string): string => typed.trim().replace(/\s*%$/, '');

const isQuantity = (q: string) => QUANTITY_PATTERN.test(q) && toUnits(q, 2) > 0n;

/** The line's total (quantity × unit price, rounded half-up to cents), or null while either is not a valid figure. */
export function liveLineTotal(line: Pick<EditorLine, 'quantity' | 'unitPrice'>): string | null {
  const quantity = cleanAmount(line.quantity);
  const unitPrice = cleanAmount(line.unitPrice);
  if (!isQuantity(quantity) || !MONEY_INPUT_PATTERN.test(unitPrice)) return null;
  return lineTotal(quantity, unitPrice);
}

/**
 * The figures the server will store for these lines (domain/money.ts, the same code), or null while a
 * required line or the tax rate is not a valid figure, or an amount is too large for the database.
 * Optional lines count only when they are valid (they are not in the subtotal anyway).
 */
export function liveTotals(lines: readonly Pick<EditorLine, 'quantity' | 'unitPrice' | 'optional'>[], taxRate: string): Totals | null {
  const rate = cleanRate(taxRate) || '0';
  if (!TAX_RATE_PATTERN.test(rate) || toUnits(rate, 3) > 100_000n) return null;
  const priced = [];
  for (const line of lines) {
    const valid = liveLineTotal(line) !== null;
    if (!valid && !line.optional) return null;
    if (valid) priced.push({ quantity: cleanAmount(line.quantity), unitPrice: cleanAmount(line.unitPrice), optional: line.optional });
  }
  if (firstAmountTooLarge(priced, rate) !== undefined) return null;
  return quoteTotals(priced, rate);
}

/** A deposit as typed: "30 %" -> "30"; '' when blank. */
export const cleanDeposit = (typed: string): string => typed.trim().replace(/\s*%$/, '');

/** Whether the deposit is a whole percentage 0-100, or blank (the company's default). */
export const depositValid = (typed: string): boolean => {
  const clean = cleanDeposit(typed);
  return clean === '' || (/^\d{1,3}$/.test(clean) && Number(clean) <= 100);
};

/** The body of 'Save draft' (and of 'New quote' with the customer). */
export function draftBody(form: EditorForm): QuoteDraftInput {
  const deposit = cleanDeposit(form.depositPercent);
  return {
    description: form.description,
    lines: form.lines.map((line) => ({
      ...(line.key && { key: line.key }),
      description: line.description,
      quantity: cleanAmount(line.quantity),
      unitPrice: cleanAmount(line.unitPrice),
      optional: line.optional,
    })),
    taxRate: cleanRate(form.taxRate) || '0',
    validUntil: form.validUntil || null,
    terms: form.terms,
    // Blank: left out, so the server keeps the draft's own (or, for a new quote, takes DEFAULT_DEPOSIT_PERCENT).
    ...(deposit !== '' && depositValid(deposit) && { depositPercent: Number(deposit) }),
  };
}

/** A stored figure as the editor shows it: "20.00" -> "20", "12.50" stays, "8.250" -> "8.25". */
export function trimZeros(figure: string): string {
  return figure.includes('.') ? figure.replace(/0+$/, '').replace(/\.$/, '') : figure;
}

/** The editor's form for a stored (draft) version: the lines keep their keys; a draft with none (made from a work request) starts with one empty line. */
export function formFromVersion(version: QuoteVersionView): EditorForm {
  const lines = version.lines.length === 0 ? [blankLine()] : null;
  return {
    description: version.description,
    lines:
      lines ??
      version.lines.map((line) => ({
        rowId: newRowId(),
        key: line.key,
        description: line.description,
        quantity: trimZeros(line.quantity),
        unitPrice: line.unitPrice,
        optional: line.optional,
      })),
    taxRate: trimZeros(version.taxRate),
    validUntil: version.validUntil ?? '',
    terms: version.terms,
    depositPercent: version.depositPercent === undefined ? '' : String(version.depositPercent),
  };
}

/** A new quote: one empty line, valid for 30 days from today (the browser's calendar day). */
export function emptyForm(today = new Date()): EditorForm {
  const until = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 30);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    description: '',
    lines: [blankLine()],
    taxRate: '0',
    validUntil: `${until.getFullYear()}-${pad(until.getMonth() + 1)}-${pad(until.getDate())}`,
    terms: '',
    depositPercent: '',
  };
}

/** The list with the item at `from` moved to `to` (both in range); the same list otherwise. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** What is compared to tell whether the form has changes nobody saved (row ids left out). */
export const formSnapshot = (form: EditorForm): string => JSON.stringify(draftBody(form));

/**
 * The contract's complaints (zod issues, from the same schema the server validates with) by field:
 * "lines.0.quantity", "taxRate", "validUntil", "customerId", "description", "terms", "lines".
 * The first message for a field wins.
 */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}
