import type { z, ZodType } from 'zod';

/** Reads a response body into its type; every zod schema is one. */
export interface ResponseReader<T = unknown> {
  parse(value: unknown): T;
}

/**
 * One API operation: its method and path (the only place its URL is written) with the schemas of what
 * it takes and answers. The server mounts its route from it and validates with its schemas; the
 * browser calls it through web/shared/api/client.ts, which fills in the path and reads the answer.
 * This file imports zod for types only: the first page's endpoints must not pull zod into its bundle.
 */
export interface Endpoint {
  method: 'GET' | 'POST';
  path: `/api/${string}`;
  /** Path parameters (":id"). */
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  response: ResponseReader;
}

export const endpoint = <const E extends Endpoint>(spec: E): E => spec;

/** For the few endpoints the first page calls, which stay free of zod (bundle budget): the answer as its type says. */
export const trusted = <T>(): ResponseReader<T> => ({ parse: (value) => value as T });

export type ParamsOf<E extends Endpoint> = E['params'] extends ZodType ? z.output<E['params']> : never;
export type QueryOf<E extends Endpoint> = E['query'] extends ZodType ? Partial<z.output<E['query']>> : never;
export type BodyOf<E extends Endpoint> = E['body'] extends ZodType ? z.input<E['body']> : never;
export type ResponseOf<E extends Endpoint> = ReturnType<E['response']['parse']>;

/** The endpoint's path with its :params filled in, each URL-encoded. */
export function pathOf(endpoint: Endpoint, params: Record<string, string | number> = {}): string {
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}
