import { createHash } from 'node:crypto';
import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import { readPdfText } from '../../../e2e/support/pdf-text';
import { normalizeVerificationCode, VERIFICATION_CODE_PATTERN } from '../../../contracts/signatures';
import { appendPage } from './pdf-append';
import { newVerificationCode } from './record-signed-document';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function pdf(pages: string[], options: { compress?: boolean; format?: 'letter' | 'a4' } = {}): Uint8Array {
  const doc = new jsPDF({ unit: 'mm', format: options.format ?? 'letter', compress: options.compress ?? false });
  pages.forEach((text, i) => {
    if (i > 0) doc.addPage();
    doc.setFont('helvetica', i % 2 ? 'bold' : 'normal').text(text, 20, 20);
  });
  return new Uint8Array(doc.output('arraybuffer'));
}

describe('appending the certificate page (decision 200)', () => {
  it('keeps the signed document as the first bytes and adds one readable page after its pages', async () => {
    const signed = pdf(['Cotización firmada, página uno', 'Página dos: términos']);
    const certificate = pdf(['Certificado de finalización ñ ¿¡']);
    const whole = appendPage(signed, certificate);
    expect(sha256(whole.subarray(0, signed.length))).toBe(sha256(signed));
    const { pages } = await readPdfText(whole);
    expect(pages).toEqual(['Cotización firmada, página uno', 'Página dos: términos', 'Certificado de finalización ñ ¿¡']);
  });

  it('copies a compressed page as it is, on A4 too', async () => {
    const whole = appendPage(pdf(['Signed'], { format: 'a4' }), pdf(['Certificate of completion'], { compress: true, format: 'a4' }));
    expect((await readPdfText(whole)).pages).toEqual(['Signed', 'Certificate of completion']);
  });

  it('refuses a file that is not a PDF', () => {
    expect(() => appendPage(new TextEncoder().encode('not a pdf'), pdf(['x']))).toThrow(/trailer/);
  });
});

describe('verification codes', () => {
  it('are 16 characters in four groups, without look-alike characters, and read back however typed', () => {
    const codes = new Set(Array.from({ length: 200 }, newVerificationCode));
    expect(codes.size).toBe(200);
    for (const code of codes) {
      expect(code).toMatch(VERIFICATION_CODE_PATTERN);
      expect(normalizeVerificationCode(code.toLowerCase().replaceAll('-', ' '))).toBe(code);
    }
  });
});
