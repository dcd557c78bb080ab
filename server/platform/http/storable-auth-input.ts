import type { MiddlewareHandler } from 'hono';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../../../contracts/text';

/**
 * The Better Auth endpoints (/api/auth/*) take their input through Better Auth's own schemas, which
 * let a NUL or a lone surrogate through to PostgreSQL (a 500 for a sign-in e-mail or a reset token
 * holding one). This applies the portal's one text rule (contracts/text.ts) to their query and their
 * JSON or form body first, and answers 400 in Better Auth's own error shape.
 */
export function storableAuthInput(): MiddlewareHandler {
  return async (c, next) => {
    const query = Object.fromEntries(new URL(c.req.url).searchParams);
    let field = findUnstorableText(query) ?? findUnstorableText(decodedPath(c.req.path));
    if (field === undefined && c.req.method === 'POST') field = findUnstorableText(await readBody(c.req.raw));
    if (field === undefined) return next();
    // The code Better Auth's own field checks answer with (server/auth/account-rules.ts), so the apps read it alike.
    return c.json({ code: 'INVALID_INPUT', message: `${field}: ${UNSTORABLE_TEXT_MESSAGE}` }, 400);
  };
}

/** The path's segments as the router decodes them (a token in the path: /reset-password/:token). */
function decodedPath(path: string): string[] {
  return path.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return '\u0000'; // not UTF-8 once decoded: refused as unstorable, like a NUL
    }
  });
}

/** The body as Better Auth reads it: JSON, or a form; anything else (or broken JSON) is Better Auth's to refuse. */
async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  const text = await request.clone().text();
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  if (!type.includes('application/json')) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined; // broken JSON: Better Auth answers it with its own 400
  }
}
