/*
 * What the build writes of its chunks for the signed-in pages' preloads (scripts/screen-preloads.ts,
 * decision 280), read by page-preloads.ts. No imports: the Vite configuration loads this file, and
 * anything it imported would join the configuration's graph.
 */

/** Each named chunk's files: the chunk, its static imports beyond the first page, their style sheets. */
export type ChunkFiles = Record<string, { scripts: string[]; styles: string[] }>;

/** Where the build writes an app's chunk files, under dist/web (not served: .vite). */
export const chunkFilesPath = (app: 'customer' | 'office') => `.vite/${app}-chunks.json`;

/** The entry of web/shared/lib/warm-intl.js among them: the plain script, under its hashed name (decision 281). */
export const WARM_INTL_CHUNK = 'warm-intl';
