import { OAUTH_POPUP_SCRIPT_CSP_HASH } from 'better-auth/plugins';
import { createMiddleware } from 'hono/factory';

/** Where the Google popup lands on its way back from the provider. */
const POPUP_RETURN_PATHS = ['/api/auth/callback/', '/api/auth/oauth-popup/'];

/** Better Auth's own policy for its popup completion page: its one inline script, nothing else. */
const COMPLETION_PAGE_CSP = `default-src 'none'; script-src '${OAUTH_POPUP_SCRIPT_CSP_HASH}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/**
 * Must wrap the site-wide security headers (register it before them), because it corrects two of them
 * on the pages the sign-in popup comes back to:
 * - Cross-Origin-Opener-Policy: a page (or redirect) with `same-origin-allow-popups` arriving in a
 *   popup that was on the provider's origin cuts the popup off from its opener, so the portal could
 *   neither hear the result nor tell a closed popup from a finished one. These responses carry no
 *   opener policy; the portal's own pages keep theirs.
 * - Content-Security-Policy: the completion page posts the result with one inline script, allowed
 *   by its hash only.
 */
export const googlePopupHeaders = () =>
  createMiddleware(async (c, next) => {
    await next();
    if (!POPUP_RETURN_PATHS.some((p) => c.req.path.startsWith(p))) return;
    c.res.headers.set('Cross-Origin-Opener-Policy', 'unsafe-none');
    if (c.res.headers.get('content-type')?.startsWith('text/html')) {
      c.res.headers.set('Content-Security-Policy', COMPLETION_PAGE_CSP);
    }
  });
