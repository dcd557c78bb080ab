import { z } from 'zod';

/**
 * Keyset paging for every office list: an answer carries `nextCursor` (opaque: the last row's sort
 * key, base64url) and the next page is asked with `?after=<nextCursor>`. Never OFFSET: a page deep
 * in 100,000 customers costs what the first page costs.
 */
export const cursorSchema = z.string().regex(/^[A-Za-z0-9_-]{1,400}$/, 'This page link is not valid.');
