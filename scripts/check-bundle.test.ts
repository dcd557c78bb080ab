import { describe, expect, it } from 'vitest';
import { initialChunks, officeChunksInCustomerApp } from './check-bundle';

const manifest = {
  'index.html': { file: 'index.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['pdf.ts'] },
  'office/index.html': { file: 'office.js', isEntry: true, src: 'office/index.html', imports: ['_shared.js'] },
  '_shared.js': { file: 'shared.js' },
  'pdf.ts': { file: 'jspdf.js', src: 'customer/lib/pdf.ts' },
};

describe('initialChunks', () => {
  it("follows static imports from the customer's entry and leaves dynamic ones and the office's entry out", () => {
    expect(
      initialChunks(manifest)
        .map((c) => c.file)
        .sort(),
    ).toEqual(['index.js', 'shared.js']);
  });
});

describe('officeChunksInCustomerApp', () => {
  it('is empty when the office is only its own entry', () => {
    expect(officeChunksInCustomerApp(manifest)).toEqual([]);
  });

  it('names an office chunk the customer app can load lazily', () => {
    const leaking = {
      ...manifest,
      'pdf.ts': { ...manifest['pdf.ts'], dynamicImports: ['office/features/x.tsx'] },
      'office/features/x.tsx': { file: 'x.js', src: 'office/features/x.tsx' },
    };
    expect(officeChunksInCustomerApp(leaking)).toEqual(['x.js']);
  });
});
