import type { SqlVersion } from '../../tests/support/quotes';
import { E2E_CONTROL_PORT } from './ports';

/** Quotes with versions for the customer's specs, written with plain SQL through the control port (quote-control.ts). */
export interface SentVersion {
  ids: number[];
  keys: string[];
  totals: { subtotal: string; tax: string; total: string };
}

const base = `http://127.0.0.1:${E2E_CONTROL_PORT}/quotes`;
async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(base + path, { method: 'POST', body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`quote control failed (${res.status}): ${await res.text()}`);
  return (await res.json()) as T;
}

/** A new quote for `email`, version 1 sent. */
export const putSentQuote = (email: string, version: SqlVersion) => post<SentVersion & { id: number }>('/sent', { email, version });
/** Version `n` of quote `id`, sent (it becomes the current one). */
export const sendQuoteVersion = (id: number, n: number, version: SqlVersion) => post<SentVersion>(`/${id}/versions/${n}`, version);
