import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { customerPages, officePages, type FixedPage, type RecordPage } from './pages';
import { isReturnPath } from './return-path';

const all = (pages: Record<string, FixedPage | RecordPage>) => Object.entries(pages);
const recordPage = (page: FixedPage | RecordPage): page is RecordPage => page.path.includes(':id');

describe('page URLs (contracts/pages.ts)', () => {
  it("give every page an address its router pattern opens, a record's with its id", () => {
    for (const [name, page] of [...all(customerPages), ...all(officePages)]) {
      const href = recordPage(page) ? page.href(12) : (page as FixedPage).href();
      const match = matchPath(page.path, href);
      expect(match?.pathname, name).toBe(href);
      if (recordPage(page)) expect(match?.params, name).toEqual({ id: '12' });
    }
    expect(customerPages.quote.href(12)).toBe('/quotes/12');
    expect(officePages.editQuote.href(7)).toBe('/office/quotes/7/edit');
    expect(officePages.inbox.href()).toBe('/office');
  });

  it('keep the office under /office (the server serves the office page there) and the portal outside it', () => {
    for (const [name, page] of all(officePages)) expect(page.path === '/office' || page.path.startsWith('/office/'), name).toBe(true);
    for (const [name, page] of all(customerPages)) expect(page.path.startsWith('/office'), name).toBe(false);
  });

  it('give no two pages the same pattern', () => {
    const patterns = [...all(customerPages), ...all(officePages)].map(([, page]) => page.path);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('let a sign-in return to the record pages the e-mails link to', () => {
    expect(isReturnPath(customerPages.quote.href(12))).toBe(true);
    expect(isReturnPath(customerPages.workOrder.href(12))).toBe(true);
    expect(isReturnPath(customerPages.invoice.href(12))).toBe(true);
    expect(isReturnPath(customerPages.profile.href())).toBe(true);
    expect(isReturnPath(officePages.quote.href(12))).toBe(false);
  });
});
