import { expect, type Page } from '@playwright/test';

/**
 * Moving inside a signed-in app without a new page load (decision 261), for the sweeps that look at many
 * screens one after the other: a page load costs the browser the app's code again (and axe's source, put in
 * once per document), where the app's own links only change the route.
 */

interface Watch {
  inFlight: number;
  lastChange: number;
}
const watches = new WeakMap<Page, Watch>();

/** Counts the page's requests in flight from now on (once per page). */
function watchRequests(page: Page): Watch {
  let watch = watches.get(page);
  if (watch) return watch;
  const w: Watch = { inFlight: 0, lastChange: Date.now() };
  const done = () => {
    w.inFlight = Math.max(0, w.inFlight - 1);
    w.lastChange = Date.now();
  };
  page.on('request', () => {
    w.inFlight++;
    w.lastChange = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  watches.set(page, w);
  watch = w;
  return watch;
}

/**
 * The page's requests have settled: none in flight for half a second, as Playwright's `networkidle` asks of a
 * page load (which it does not ask again after a move inside the app, the same document).
 */
export async function requestsSettled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const watch = watches.get(page);
  if (!watch) return;
  await expect
    .poll(() => watch.inFlight === 0 && Date.now() - watch.lastChange >= 500, {
      message: 'the requests settle',
      timeout: 30_000,
      intervals: [100],
    })
    .toBe(true);
}

/**
 * Goes to `path` as the app's own links do: React Router's history gets the entry (a push with the router's
 * index) and its `popstate` listener moves the route; the screen's code and data load as after a click.
 * Returns once the new screen's heading is drawn: the screen left behind had its headings marked, so a
 * heading without the mark is the new screen's (the route's component is new, its heading too).
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  watchRequests(page);
  await page.evaluate((to) => {
    for (const heading of document.querySelectorAll('h1')) heading.setAttribute('data-e2e-left', '');
    const state = window.history.state as { idx?: number } | null;
    const idx = (state?.idx ?? 0) + 1;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname + url.search === path);
  await expect(page.locator('h1:not([data-e2e-left])').first()).toBeVisible();
}
