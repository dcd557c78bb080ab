import { describe, expect, it } from 'vitest';
import { initialChunks } from './check-bundle';

describe('initialChunks', () => {
  it('follows static imports from the entry and leaves dynamic ones out', () => {
    const chunks = initialChunks({
      'main.tsx': { file: 'index.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['pdf.ts'] },
      '_shared.js': { file: 'shared.js' },
      'pdf.ts': { file: 'jspdf.js' },
    });
    expect(chunks.map((c) => c.file).sort()).toEqual(['index.js', 'shared.js']);
  });
});
