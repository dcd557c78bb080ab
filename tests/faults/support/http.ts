import { ORIGIN } from './portal-server';

export interface CallResult {
  status: number;
  body: unknown;
  headers: Headers;
}

/** One request as the browser's API client makes it (JSON, session cookie, the portal's Origin). */
export async function call(
  base: string,
  path: string,
  init: { cookie?: string; body?: unknown; method?: string; headers?: Record<string, string> } = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { origin: ORIGIN, accept: 'application/json', ...init.headers };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: kept as text, so an assertion on the body shows what came back.
  }
  return { status: res.status, body, headers: res.headers };
}

/** Polls until `check` returns true, or fails naming what it waited for. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 40_000, everyMs = 100): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The 503 every request gets while the database is unreachable. */
export const UNAVAILABLE_BODY = {
  error: { code: 'unavailable', message: 'The service is briefly unavailable. Please try again in a moment.' },
};
