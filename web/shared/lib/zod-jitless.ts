/**
 * zod 4 checks once whether it may compile its parsers with `new Function`; under the portal's CSP
 * (script-src 'self', no 'unsafe-eval') that check is a CSP violation the browser reports in the
 * console. `jitless` makes zod parse without compiling and skip the check. Written to zod's global
 * configuration object (the one `z.config()` writes, `globalThis.__zod_globalConfig`) so the first
 * page need not load zod to set it. Imported first by each app's entry.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
export {};
