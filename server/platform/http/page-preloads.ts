import { getDashboard } from '../../../contracts/customer/dashboard';
import { getInvoice } from '../../../contracts/customer/invoices';
import { getQuote } from '../../../contracts/customer/quotes';
import { getWorkOrder } from '../../../contracts/customer/work-orders';
import { listInbox } from '../../../contracts/office/inbox';
import { getOfficeMe } from '../../../contracts/office/me';
import { customerPages, officePages } from '../../../contracts/pages';
import { getPublicConfig, getSession } from '../../../contracts/public';
import { WARM_INTL_CHUNK, type ChunkFiles } from './chunk-files';

/**
 * What a signed-in page preloads (decision 280), made from SCREENS below and the files of the chunks
 * the build wrote (scripts/screen-preloads.ts): named in the page's answer by the server
 * (static-site.ts), checked by check:bundle (scripts/check-bundle.ts). Paths are from the site's root.
 */
export interface PagePreloads {
  /** A page's path as contracts/pages.ts writes it; :id is a record number. */
  path: string;
  /** Its chunks and their static imports (modulepreload). */
  scripts: string[];
  styles: string[];
  /** GET answers the screen waits for (the session, the settings, its data); :id is the page's. */
  data: string[];
  /** Plain scripts run as soon as they arrive, before the app's (web/shared/lib/warm-intl.js under its hashed name, decision 281). */
  early: string[];
}

/**
 * What a signed-in screen needs beyond the first page, by page: its feature chunks (named by
 * vite.config.ts's signedInChunk; their files as the build wrote them, scripts/screen-preloads.ts) and
 * the API answers it waits for before it shows anything (the session, the company's settings, the
 * screen's data, GET without a query). The server names them in that page's answer (<link
 * rel="modulepreload"> and <link rel="preload" as="fetch">) when the request carries a session cookie,
 * so they load beside the first page instead of after it has run (issue 27 item 3, decision 280).
 * Each chunk's static imports come with it (the signed-in chunk, the frame, the runtime); the first
 * page's own chunk is in the page already. `:id` is the page's record number. Kept here, on the
 * server's side, not in the Vite configuration: the contracts it names would bring their imports into
 * the configuration's graph (Vite's configuration warning at every build, which issue 27 item 4 took away).
 */
const customerData = [getSession.path, getPublicConfig.path];
const officeData = [getOfficeMe.path, getPublicConfig.path];
export const SCREENS: Record<'customer' | 'office', Record<string, { chunks: string[]; data: string[] }>> = {
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
const EARLY_CHUNKS = [WARM_INTL_CHUNK];

/** Every signed-in page's preloads, and the chunks SCREENS names that the build did not write (check:bundle fails on them). */
export function pagePreloads(app: 'customer' | 'office', chunks: ChunkFiles): { pages: PagePreloads[]; missing: string[] } {
  const missing: string[] = [];
  const pages = Object.entries(SCREENS[app]).map(([path, { chunks: names, data }]) => {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    for (const name of names) {
      const files = chunks[name];
      if (!files) missing.push(`${path}: no chunk named ${name}`);
      files?.scripts.forEach((f) => scripts.add(f));
      files?.styles.forEach((f) => styles.add(f));
    }
    const early = EARLY_CHUNKS.flatMap((name) => chunks[name]?.scripts ?? (missing.push(`${path}: no chunk named ${name}`), []));
    return { path, scripts: [...scripts], styles: [...styles], data, early };
  });
  return { pages, missing };
}
