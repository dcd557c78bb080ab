import { describe, expect, it } from 'vitest';
import { attribute, owner } from './bundle-report';
import { decodeMappings } from './bundle-report/sourcemap';

describe('decodeMappings', () => {
  it('reads columns per line and source indexes across lines', () => {
    // "AAAA,KAAC" = col 0 src 0, col 5 src 1; ";ACAA" = next line, col 0, src 1+1 = 2
    expect(decodeMappings('AAAA,KCAA;ACAA')).toEqual([
      [
        { column: 0, source: 0 },
        { column: 5, source: 1 },
      ],
      [{ column: 0, source: 2 }],
    ]);
  });
});

describe('bundle report', () => {
  it('names packages (scoped too) and project folders', () => {
    expect(owner('../../../node_modules/react-dom/cjs/react-dom.production.js')).toBe('react-dom');
    expect(owner('../../../node_modules/@tanstack/query-core/build/modern/query.js')).toBe('@tanstack/query-core');
    expect(owner('../../../web/customer/features/auth/LoginPage.tsx')).toBe('web/customer/features/');
  });

  it("shares a chunk's bytes out by the source each segment came from", () => {
    const bytes = attribute('aaaaabbb', { sources: ['node_modules/a/x.js', 'node_modules/b/y.js'], mappings: 'AAAA,KCAA' });
    expect(Object.fromEntries(bytes)).toEqual({ a: 5, b: 3 });
  });
});
