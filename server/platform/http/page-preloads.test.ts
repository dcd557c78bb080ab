import { describe, expect, it } from 'vitest';
import { pagePreloads } from './page-preloads';

describe('pagePreloads', () => {
  it("joins the files of a page's chunks once each, in order, with the screen's API answers", () => {
    const { pages, missing } = pagePreloads('customer', {
      'customer-quotes': { scripts: ['/assets/quotes-1.js', '/assets/signed-in-2.js'], styles: ['/assets/signed-in-3.css'] },
      'customer-change-orders': { scripts: ['/assets/change-orders-4.js', '/assets/signed-in-2.js'], styles: ['/assets/signed-in-3.css'] },
      'warm-intl': { scripts: ['/assets/warm-intl-5.js'], styles: [] },
    });
    const quote = pages.find((p) => p.path === '/quotes/:id')!;
    expect(quote.scripts).toEqual(['/assets/quotes-1.js', '/assets/signed-in-2.js', '/assets/change-orders-4.js']);
    expect(quote.styles).toEqual(['/assets/signed-in-3.css']);
    expect(quote.data).toEqual(['/api/auth/get-session', '/api/config', '/api/quotes/:id']);
    expect(quote.early).toEqual(['/assets/warm-intl-5.js']);
    expect(missing).toContain('/: no chunk named customer-dashboard');
    expect(missing).not.toContain('/quotes/:id: no chunk named customer-quotes');
  });

  it('names the early script missing when the build wrote none', () => {
    const { pages, missing } = pagePreloads('office', {});
    expect(pages.every((p) => p.early.length === 0)).toBe(true);
    expect(missing).toContain('/office: no chunk named warm-intl');
  });
});
