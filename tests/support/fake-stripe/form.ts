/**
 * Stripe's request bodies are form-encoded with brackets (`metadata[invoice_id]=7`,
 * `line_items[0][price_data][unit_amount]=1250`), as the `stripe` package writes them (qs, indices).
 * This reads them back into nested objects; arrays stay objects keyed '0', '1', … (enough for a fake).
 */
export type FormValue = string | { [key: string]: FormValue };

export function parseStripeForm(body: string): Record<string, FormValue> {
  const out: Record<string, FormValue> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const [head, ...rest] = rawKey.split('[');
    const path = [head!, ...rest.map((part) => part.replace(/]$/, ''))];
    let node: Record<string, FormValue> = out;
    path.forEach((key, i) => {
      if (i === path.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (typeof next !== 'object') node[key] = {};
      node = node[key] as Record<string, FormValue>;
    });
  }
  return out;
}

export const text = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
export const record = (v: FormValue | undefined): Record<string, FormValue> => (typeof v === 'object' ? v : {});
