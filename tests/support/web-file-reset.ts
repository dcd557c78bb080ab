import { beforeEach, vi } from 'vitest';

/**
 * The first set-up file of the projects `web` and `web-customer`, whose files run one after another in a
 * shared worker (isolate: false, vitest.config.ts). Vitest runs it again before each file: it gives the file
 * the start a worker of its own gave it, at a fraction of the cost (the worker, its window and the libraries
 * Node loaded stay). What a file leaves behind, and how it is undone here:
 *
 * - the modules it evaluated (vi.resetModules, last below: each file evaluates its modules afresh). The apps'
 *   modules hold state: each app's i18n module starts the one i18next with its own texts (the customer's and
 *   the office's differ), load-auth-client.ts and GoogleSignInButton.tsx keep what they loaded, format.ts the
 *   company's time zone. And a module evaluated under one file's vi.mock keeps that mock for the next file,
 *   or, evaluated earlier, misses this file's; web-setup.ts's hooks (fail-on-console-error.ts) would be
 *   registered for a worker's first file only;
 * - the page: storage (the i18n modules read the remembered language as they are evaluated), cookies, the
 *   address, <html>'s attributes (lang), <head> (the favicon link, the title), <body> and the focus;
 * - fake timers, stubbed globals and environment variables the file did not undo, and zod's configuration
 *   (spies and mocks Vitest restores between files itself).
 */

/** The window as this worker's first file found it, kept on the window for the files after it (this module is evaluated anew each time). */
interface Pristine {
  href: string;
  head: string;
  body: string;
  htmlAttributes: [string, string][];
  bodyAttributes: [string, string][];
}
const attributes = (element: Element): [string, string][] => Array.from(element.attributes, (a) => [a.name, a.value]);

function restoreAttributes(element: Element, wanted: [string, string][]) {
  for (const name of element.getAttributeNames()) element.removeAttribute(name);
  for (const [name, value] of wanted) element.setAttribute(name, value);
}

/**
 * New storages rather than emptied ones: happy-dom binds a storage's methods to it when they are first read,
 * so a spy on Storage.prototype in place then (warm-intl.test.ts's blocked storage) stays in that storage,
 * and a spy set after the first read never reaches it. Before each test too, not only each file: only the
 * i18n modules (as they start) and warm-intl.js read storage, and warm-intl.test.ts's two tests each need
 * a storage of their own, in either order (in one storage the first one's read decides for the other).
 */
function freshStorages() {
  for (const name of ['localStorage', 'sessionStorage']) {
    Object.defineProperty(window, name, { value: new Storage(), configurable: true, writable: true });
  }
}

/** Puts the page back as the worker's first file found it. */
function resetWindow() {
  const holder = window as typeof window & { portalWebTestsPristine?: Pristine };
  const pristine = (holder.portalWebTestsPristine ??= {
    href: window.location.href,
    head: document.head.innerHTML,
    body: document.body.innerHTML,
    htmlAttributes: attributes(document.documentElement),
    bodyAttributes: attributes(document.body),
  });
  freshStorages();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  if (window.location.href !== pristine.href) window.history.replaceState(null, '', pristine.href);
  (document.activeElement as HTMLElement | null)?.blur?.();
  document.head.innerHTML = pristine.head;
  document.body.innerHTML = pristine.body;
  restoreAttributes(document.documentElement, pristine.htmlAttributes);
  restoreAttributes(document.body, pristine.bodyAttributes);
}

vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
// zod's configuration, which web/shared/lib/zod-jitless.ts writes on the global object for zod to take up.
delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
// The PDF tests run in Node (`@vitest-environment node`): no page to reset there.
if (typeof window !== 'undefined') {
  resetWindow();
  beforeEach(freshStorages);
}

// Last: after the storage above is new, as the apps' i18n modules read it when they are evaluated.
vi.resetModules();
