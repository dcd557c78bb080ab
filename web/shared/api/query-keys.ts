/**
 * The cached queries both apps hold. Each app's own keys live in the app (web/customer/lib/query-keys.ts,
 * web/office/lib/query-keys.ts) and start from these: every query takes its key from its app's factory
 * and every mutation invalidates through it, so no key is an array copied between files.
 */
export const sharedQueryKeys = {
  /** The deployment's public settings (company, switches): web/shared/lib/public-config.ts. */
  config: ['config'] as const,
};
