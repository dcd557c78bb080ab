import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('PDF_PAPER_SIZE', () => {
  it('defaults to US Letter and takes a4 (any case)', () => {
    expect(loadConfig({}).pdfPaperSize).toBe('letter');
    expect(loadConfig({ PDF_PAPER_SIZE: 'a4' }).pdfPaperSize).toBe('a4');
    expect(loadConfig({ PDF_PAPER_SIZE: 'A4' }).pdfPaperSize).toBe('a4');
    expect(loadConfig({ PDF_PAPER_SIZE: ' Letter ' }).pdfPaperSize).toBe('letter');
  });

  it('stops the start with a message naming the variable and the sizes it takes', () => {
    expect(() => loadConfig({ PDF_PAPER_SIZE: 'legal' })).toThrow(ConfigError);
    expect(() => loadConfig({ PDF_PAPER_SIZE: 'A5' })).toThrow(/PDF_PAPER_SIZE: must be letter \(US Letter, 8\.5 x 11 in\) or a4/);
  });
});
