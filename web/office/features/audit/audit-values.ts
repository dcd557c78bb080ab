const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** How the page words a yes/no and a moment (the language's). */
export interface Wording {
  yes: string;
  no: string;
  moment: (iso: string) => string;
  /** A quote's or work order's status in the page's language ("Pending" reads "Pendiente" in Spanish). */
  status?: (status: string) => string;
}

/** A value of before/after as a person reads it: text as it is, a moment and yes/no in words, nothing as a dash, the rest as JSON. */
export function readable(value: unknown, wording: Wording): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? wording.yes : wording.no;
  if (typeof value === 'string') return ISO_MOMENT.test(value) ? wording.moment(value) : value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}
