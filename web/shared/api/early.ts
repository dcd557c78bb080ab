/**
 * GET answers asked for before the code that reads them has loaded: a signed-in screen's data, asked
 * from the entry as soon as the session is known (web/customer/app/early-data.ts), while the screen's
 * chunks still download. The first callEndpoint of that URL within a few seconds takes the answer
 * instead of asking again; an answer nobody took in time is dropped (the screen then asks afresh).
 */
const KEEP_MS = 10_000;
const early = new Map<string, { response: Promise<Response>; at: number }>();

export function fetchEarly(url: string): void {
  if (early.has(url)) return;
  const response = fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  // Its failure is reported by the call that takes it (client.ts), as that call's own would be.
  response.catch(() => undefined);
  early.set(url, { response, at: Date.now() });
}

/** The early answer of a GET of `url`, once: undefined when none was asked for, or it is too old. */
export function takeEarly(url: string): Promise<Response> | undefined {
  const found = early.get(url);
  early.delete(url);
  return found && Date.now() - found.at < KEEP_MS ? found.response : undefined;
}

/** Drops every answer nobody took (sign-out: the next person must never be handed the last one's records). */
export function forgetEarly(): void {
  early.clear();
}
