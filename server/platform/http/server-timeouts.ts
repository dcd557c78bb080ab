/**
 * Limits for a server facing the internet: a client that sends its headers or body too slowly, or
 * idles on a keep-alive connection, is cut off instead of holding a socket (slowloris).
 */
export const SERVER_TIMEOUTS = { headersTimeout: 15_000, requestTimeout: 30_000, keepAliveTimeout: 5_000, maxHeadersCount: 100 } as const;

type Tunable = { -readonly [K in keyof typeof SERVER_TIMEOUTS]: number };

export function applyServerTimeouts(server: unknown): void {
  Object.assign(server as Tunable, SERVER_TIMEOUTS);
}
