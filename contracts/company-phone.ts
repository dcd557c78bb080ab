/**
 * One entry of COMPANY_PHONES: 'Office: (555) 010-2000' (a label of the company's choosing, then the
 * number) or a bare number '(555) 010-2000' (the earlier format, still accepted: label null).
 */
export interface CompanyPhone {
  label: string | null;
  number: string;
}

const LABELLED = /^\s*([^:\d+()]{1,40}?)\s*:\s*(\S.*?)\s*$/;

export function parseCompanyPhone(entry: string): CompanyPhone {
  const match = LABELLED.exec(entry);
  return match ? { label: match[1]!, number: match[2]! } : { label: null, number: entry.trim() };
}
