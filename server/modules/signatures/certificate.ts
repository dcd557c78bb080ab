import { jsPDF } from 'jspdf';
import type { Locale } from '../../../contracts/locale';
import { dateTimeFormat } from '../../../web/shared/format';
import type { PdfPaperSize } from '../../../contracts/public';
import type { AuthMethod } from '../../../contracts/signatures';
import { BRAND, INK, MUTED, pageLayout, TINT } from '../../../web/shared/pdf/layout';
import { pdfSafe } from '../../../web/shared/pdf/text';
import { authMethodLabel, certificateLabels, eventLabel, languageName } from './certificate-labels';
import type { SignatureEventRow } from './events';

export interface CertificateInput {
  locale: Locale;
  paperSize: PdfPaperSize;
  company: string;
  /** COMPANY_TIMEZONE: each event is shown in UTC and in the company's time. */
  timeZone: string;
  /** 'Quote #12, version 2' in the signer's language. */
  documentTitle: string;
  verificationCode: string;
  verifyUrl: string;
  contentHash: string;
  /** The signed document the certificate follows: its SHA-256, byte length and pages (decision 200). */
  signedPart: { sha256: string; bytes: number; pages: number };
  signer: { name: string; email: string; authMethod: AuthMethod };
  consent: { version: string; locale: Locale };
  events: readonly SignatureEventRow[];
}

const utc = (iso: string) => iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');

const COMPANY_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
};
/** The formatter is made once per language and zone (web/shared/format.ts): making one costs more than using it. */
const companyTime = (iso: string, locale: Locale, timeZone: string) =>
  dateTimeFormat(locale, 'certificate', { ...COMPANY_TIME, timeZone }).format(new Date(iso));

/**
 * The 'Certificate of completion' page as a one-page PDF of its own (appended to the signed document
 * by pdf-append.ts): the document, its verification code, the content hash and the signed PDF's hash
 * (first 16 hex characters large, all 64 small), the signer, how they were authenticated, their
 * consent, and the events with UTC and company-time timestamps, address and browser. Uncompressed,
 * standard fonts only (WinAnsi covers Spanish), in the signer's language.
 */
export function renderCertificate(input: CertificateInput): Uint8Array {
  const l = certificateLabels[input.locale];
  const layout = pageLayout(input.paperSize);
  const doc = new jsPDF({ unit: 'mm', format: input.paperSize, compress: false });
  const { left, right, contentWidth } = layout;
  let y = layout.top + 6;
  const text = (value: string, x: number, at: number, options?: { align?: 'right' }) => doc.text(pdfSafe(value), x, at, options);
  const wrapped = (value: string, width: number) => doc.splitTextToSize(pdfSafe(value), width) as string[];
  const label = (value: string) => {
    doc
      .setFont('helvetica', 'bold')
      .setFontSize(9)
      .setTextColor(...MUTED);
    for (const row of wrapped(value, contentWidth)) {
      doc.text(row, left, y);
      y += 4;
    }
    doc.setTextColor(...INK);
  };
  const hash = (caption: string, value: string) => {
    label(caption);
    doc
      .setFont('courier', 'bold')
      .setFontSize(18)
      .setTextColor(...BRAND);
    text(value.slice(0, 16), left, y + 3);
    doc
      .setFont('courier', 'normal')
      .setFontSize(8.5)
      .setTextColor(...INK);
    text(value, left, y + 8.5);
    y += 14;
  };

  doc
    .setFont('helvetica', 'normal')
    .setFontSize(9)
    .setTextColor(...MUTED);
  text(input.company, left, y);
  y += 9;
  doc
    .setFont('helvetica', 'bold')
    .setFontSize(20)
    .setTextColor(...BRAND);
  text(l.title, left, y);
  y += 8;
  doc
    .setFont('helvetica', 'bold')
    .setFontSize(12)
    .setTextColor(...INK);
  text(input.documentTitle, left, y);
  y += 8;

  doc.setFillColor(...TINT).rect(left, y - 4, contentWidth, 16, 'F');
  doc
    .setFont('helvetica', 'bold')
    .setFontSize(9)
    .setTextColor(...MUTED);
  text(l.verificationCode, left + 3, y + 0.5);
  doc
    .setFont('courier', 'bold')
    .setFontSize(15)
    .setTextColor(...INK);
  text(input.verificationCode, left + 3, y + 7);
  doc
    .setFont('helvetica', 'normal')
    .setFontSize(8.5)
    .setTextColor(...MUTED);
  const verifyRows = wrapped(l.verifyAt(input.verifyUrl), 95);
  verifyRows.forEach((row, i) => doc.text(row, right - 98, y + 0.5 + i * 3.8));
  y += 18;

  hash(l.contentHash, input.contentHash);
  hash(l.pdfHash(input.signedPart.pages, input.signedPart.bytes), input.signedPart.sha256);

  label(l.signer);
  y += 1;
  const field = (name: string, value: string) => {
    doc
      .setFont('helvetica', 'normal')
      .setFontSize(10)
      .setTextColor(...MUTED);
    text(name, left, y);
    doc.setTextColor(...INK);
    const rows = wrapped(value, contentWidth - 50);
    rows.forEach((row, i) => doc.text(row, left + 50, y + i * 4.6));
    y += 4.6 * rows.length + 0.8;
  };
  field(l.name, input.signer.name);
  field(l.email, input.signer.email);
  field(l.authMethod, authMethodLabel[input.locale][input.signer.authMethod]);
  field(l.consent, l.consentText(input.consent.version, languageName[input.locale][input.consent.locale]));
  field(l.language, languageName[input.locale][input.locale]);
  y += 3;

  label(l.events);
  y += 1;
  const col = { event: left, utc: left + 36, company: left + 76, ip: left + 124, browser: left + 150 };
  doc
    .setFont('helvetica', 'bold')
    .setFontSize(8)
    .setTextColor(...MUTED);
  doc.setFillColor(...TINT).rect(left, y - 3.4, contentWidth, 5, 'F');
  text(l.event, col.event + 1, y);
  text(l.utc, col.utc, y);
  text(l.companyTime, col.company, y);
  text(l.ip, col.ip, y);
  text(l.browser, col.browser, y);
  y += 5;
  doc.setTextColor(...INK);
  for (const e of input.events) {
    doc.setFont('helvetica', 'normal').setFontSize(8);
    const browser = wrapped(e.userAgent ?? '-', right - col.browser);
    const zoned = wrapped(companyTime(e.at, input.locale, input.timeZone), col.ip - col.company - 2);
    text(eventLabel[input.locale][e.event], col.event + 1, y);
    text(utc(e.at), col.utc, y);
    zoned.forEach((row, i) => doc.text(row, col.company, y + i * 3.4));
    text(e.ip ?? '-', col.ip, y);
    browser.slice(0, 4).forEach((row, i) => doc.text(row, col.browser, y + i * 3.4));
    y += 3.4 * Math.max(browser.slice(0, 4).length, zoned.length) + 1.6;
    doc
      .setDrawColor(225, 225, 225)
      .setLineWidth(0.2)
      .line(left, y - 2.6, right, y - 2.6);
  }
  const last = input.events.at(-1);
  if (last) {
    y += 2;
    doc
      .setFont('helvetica', 'normal')
      .setFontSize(7.5)
      .setTextColor(...MUTED);
    text(`${l.chain}: ${last.hash}`, left, y);
  }
  doc
    .setFont('helvetica', 'normal')
    .setFontSize(8)
    .setTextColor(...MUTED);
  text(l.page(input.signedPart.pages + 1), right, layout.footerTop + 8, { align: 'right' });
  return new Uint8Array(doc.output('arraybuffer'));
}
