import type { Plugin } from 'vite';
// With their extensions: Vite's coming native config loader resolves no extensionless relative import.
import { getDashboard } from '../contracts/customer/dashboard.ts';
import { getInvoice } from '../contracts/customer/invoices.ts';
import { getQuote } from '../contracts/customer/quotes.ts';
import { getWorkOrder } from '../contracts/customer/work-orders.ts';
import { listInbox } from '../contracts/office/inbox.ts';
import { getOfficeMe } from '../contracts/office/me.ts';
import { customerPages, officePages } from '../contracts/pages.ts';
import { getPublicConfig, getSession } from '../contracts/public.ts';
import { preloadsFile, type PagePreloads } from '../server/platform/http/page-preloads.ts';

/**
 * What a signed-in screen needs beyond the first page, by page: its feature chunks (named by
 * vite.config.ts's signedInChunk) and
 * the API answers it waits for before it shows anything (the session, the company's settings, the
 * screen's data, GET without a query). The server names them in that page's answer (<link
 * rel="modulepreload"> and <link rel="preload" as="fetch">) when the request carries a session cookie,
 * so they load beside the first page instead of after it has run (issue 27 item 3, decision 280).
 * Each chunk's static imports come with it (the signed-in chunk, the frame, the runtime); the first
 * page's own chunk is in the page already. `:id` is the page's record number.
 */
const customerData = [getSession.path, getPublicConfig.path];
const officeData = [getOfficeMe.path, getPublicConfig.path];
const SCREENS: Record<'customer' | 'office', Record<string, { chunks: string[]; data: string[] }>> = {
  customer: {
    [customerPages.dashboard.path]: { chunks: ['customer-dashboard'], data: [...customerData, getDashboard.path] },
    [customerPages.quotes.path]: { chunks: ['customer-quotes'], data: customerData },
    [customerPages.quote.path]: { chunks: ['customer-quotes', 'customer-change-orders'], data: [...customerData, getQuote.path] },
    [customerPages.workOrders.path]: { chunks: ['customer-work-orders'], data: customerData },
    [customerPages.workOrder.path]: {
      chunks: ['customer-work-orders', 'customer-change-orders'],
      data: [...customerData, getWorkOrder.path],
    },
    [customerPages.invoices.path]: { chunks: ['customer-invoices'], data: customerData },
    [customerPages.invoice.path]: { chunks: ['customer-invoices'], data: [...customerData, getInvoice.path] },
    [customerPages.submitWorkOrder.path]: { chunks: ['customer-submit-work-order'], data: customerData },
    [customerPages.profile.path]: { chunks: ['customer-profile'], data: customerData },
  },
  office: {
    [officePages.inbox.path]: { chunks: ['office-inbox'], data: [...officeData, listInbox.path] },
    [officePages.customers.path]: { chunks: ['office-customers'], data: officeData },
    [officePages.customer.path]: { chunks: ['office-customers'], data: officeData },
    [officePages.quotes.path]: { chunks: ['office-quotes'], data: officeData },
    [officePages.newQuote.path]: { chunks: ['office-quotes'], data: officeData },
    [officePages.quote.path]: { chunks: ['office-quotes', 'office-change-orders'], data: officeData },
    [officePages.editQuote.path]: { chunks: ['office-quotes'], data: officeData },
    [officePages.workOrders.path]: { chunks: ['office-work-orders'], data: officeData },
    [officePages.workOrder.path]: { chunks: ['office-work-orders', 'office-change-orders', 'office-invoices'], data: officeData },
    [officePages.changeOrder.path]: { chunks: ['office-change-orders'], data: officeData },
    [officePages.invoices.path]: { chunks: ['office-invoices'], data: officeData },
    [officePages.invoice.path]: { chunks: ['office-invoices'], data: officeData },
    [officePages.staff.path]: { chunks: ['office-staff'], data: officeData },
    [officePages.audit.path]: { chunks: ['office-audit'], data: officeData },
  },
};

/** Signed-in screens format money and dates: Intl's locale data is readied while their scripts download. */
const EARLY_SCRIPTS = ['/warm-intl.js'];

export const screenPreloads = (): Plugin => ({
  name: 'screen-preloads',
  apply: 'build',
  generateBundle(_options, bundle) {
    const app = this.environment.name === 'office' ? 'office' : 'customer';
    const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
    const byFile = new Map(chunks.map((c) => [c.fileName, c]));
    const pages: PagePreloads[] = Object.entries(SCREENS[app]).map(([path, { chunks: names, data }]) => {
      const scripts = new Set<string>();
      const styles = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = byFile.get(fileName);
        if (!chunk || chunk.isEntry || chunk.name === `${app}-first-page` || scripts.has(fileName)) return;
        scripts.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
        chunk.imports.forEach(visit);
      };
      for (const name of names) {
        const chunk = chunks.find((c) => c.name === name);
        // A renamed feature folder or chunk rule must not silently stop the preloads.
        if (!chunk) this.error(`screen-preloads: no chunk named ${name} (SCREENS in scripts/screen-preloads.ts)`);
        visit(chunk.fileName);
      }
      return { path, scripts: [...scripts].map((f) => `/${f}`), styles: [...styles].map((f) => `/${f}`), data, early: EARLY_SCRIPTS };
    });
    this.emitFile({ type: 'asset', fileName: preloadsFile(app), source: JSON.stringify(pages, null, 2) });
  },
});
