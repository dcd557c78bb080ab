import { E2E_CONTROL_PORT } from './ports';
import type { SunkMail } from './mail-sink';

const base = `http://127.0.0.1:${E2E_CONTROL_PORT}`;

/** Runs SQL on the portal's database, as the office would with psql. */
export async function runSql<T = Record<string, unknown>>(query: string, params: unknown[] = []): Promise<T[]> {
  const res = await fetch(`${base}/sql`, { method: 'POST', body: JSON.stringify({ query, params }) });
  if (!res.ok) throw new Error(`SQL failed (${res.status}): ${await res.text()}`);
  return ((await res.json()) as { rows: T[] }).rows;
}

export async function mailTo(email: string): Promise<SunkMail[]> {
  const res = await fetch(`${base}/mail?to=${encodeURIComponent(email)}`);
  return (await res.json()) as SunkMail[];
}

/** Waits for a message to `email` whose subject matches, and returns it. */
export async function waitForMail(email: string, subject: RegExp, timeoutMs = 10_000): Promise<SunkMail> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const found = (await mailTo(email)).filter((m) => subject.test(m.subject)).at(-1);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${email} matching ${subject} within ${timeoutMs} ms`);
}

export async function setMailAccepting(accepting: boolean): Promise<void> {
  await fetch(`${base}/mail/accepting`, { method: 'POST', body: JSON.stringify({ accepting }) });
}

export const firstLink = (text: string): string => {
  const link = text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in: ${text}`);
  return link;
};

/** A confirmed customer account with this password, made as sign-up and the e-mailed link leave it (server.ts). */
export async function putConfirmedCustomer(customer: {
  email: string;
  password: string;
  name: string;
  phone: string;
  address: string;
  locale?: string;
}): Promise<void> {
  const res = await fetch(`${base}/customers`, { method: 'POST', body: JSON.stringify(customer) });
  if (!res.ok) throw new Error(`customer not made (${res.status}): ${await res.text()}`);
}
