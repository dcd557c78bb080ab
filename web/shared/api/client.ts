import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '../../../contracts/endpoint';
import { pathOf } from '../../../contracts/endpoint';
import { takeEarly } from './early';

/** The one way the apps call their API: JSON in, JSON out, errors as ApiError. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What a call takes: the endpoint's path params, query and body, each only when it has them. */
export type CallInput<E extends Endpoint> = { signal?: AbortSignal } & ([ParamsOf<E>] extends [never] ? unknown : { params: ParamsOf<E> }) &
  ([QueryOf<E>] extends [never] ? unknown : { query?: QueryOf<E> }) &
  ([BodyOf<E>] extends [never] ? unknown : { body: BodyOf<E> });

/**
 * Calls an endpoint by its contract: fills in its path, checks the body with the server's own schema
 * (so the same rules apply before sending), and reads the answer with the response schema.
 */
export async function callEndpoint<E extends Endpoint>(endpoint: E, input = {} as CallInput<E>): Promise<ResponseOf<E>> {
  const { params, query, body, signal } = input as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const search = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  const url = pathOf(endpoint, params) + (search ? `?${search}` : '');
  // A POST always sends JSON (an empty object when it takes no body), so its content type is JSON too.
  const json = endpoint.method === 'GET' ? undefined : endpoint.body ? endpoint.body.parse(body) : {};
  return endpoint.response.parse(await request(endpoint.method, url, json, signal)) as ResponseOf<E>;
}

async function request(method: string, url: string, body: unknown, signal: AbortSignal | undefined): Promise<unknown> {
  let response: Response;
  try {
    // A screen's data asked for early (early.ts) is taken instead of asking again.
    const early = method === 'GET' ? takeEarly(url) : undefined;
    response = await (early ??
      fetch(url, {
        method,
        headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        signal,
      }));
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'network', 'The network is unavailable.');
  }
  const text = await response.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // A non-JSON body (a proxy's error page) is reported below by its status.
  }
  if (!response.ok) {
    const error = (data as { error?: { code?: string; message?: string } } | undefined)?.error;
    throw new ApiError(response.status, error?.code ?? `http_${response.status}`, error?.message ?? response.statusText);
  }
  return data;
}
