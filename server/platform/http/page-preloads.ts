/**
 * What a signed-in page preloads (decision 280): written by the build (scripts/screen-preloads.ts),
 * read by the server to name it in the page's answer (static-site.ts) and by check:bundle
 * (scripts/check-bundle.ts). Paths are from the site's root.
 */
export interface PagePreloads {
  /** A page's path as contracts/pages.ts writes it; :id is a record number. */
  path: string;
  /** Its chunks and their static imports (modulepreload). */
  scripts: string[];
  styles: string[];
  /** GET answers the screen waits for (the session, the settings, its data); :id is the page's. */
  data: string[];
  /** Plain scripts run as soon as they arrive, before the app's (web/public/warm-intl.js, decision 281). */
  early: string[];
}

/** Where the build writes an app's page preloads, under dist/web (not served: .vite). */
export const preloadsFile = (app: 'customer' | 'office') => `.vite/${app}-preloads.json`;
