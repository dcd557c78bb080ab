import { describe, expect, it } from 'vitest';
import './zod-jitless';

describe('zod in the browser', () => {
  it('parses without compiling (no `new Function` under the CSP)', async () => {
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
