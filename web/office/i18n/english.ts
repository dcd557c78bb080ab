import enAudit from './locales/en/audit.json';
import enAuth from './locales/en/auth.json';
import enCommon from './locales/en/common.json';
import enCustomers from './locales/en/customers.json';
import enInbox from './locales/en/inbox.json';
import enQuotes from './locales/en/quotes.json';
import enStaff from './locales/en/staff.json';
import enWorkOrders from './locales/en/workOrders.json';
import enWorkOrder from './locales/en/workOrder.json';
import enChangeOrders from './locales/en/changeOrders.json';
import enProperties from './locales/en/properties.json';
import enInvoices from './locales/en/invoices.json';

/**
 * The office's English texts, one JSON file a screen: on its first page (the sign-in pages and every
 * signed-in screen; English is also the fallback of a Spanish text that is missing).
 */
export const english = {
  common: enCommon,
  auth: enAuth,
  inbox: enInbox,
  customers: enCustomers,
  quotes: enQuotes,
  workOrders: enWorkOrders,
  workOrder: enWorkOrder,
  staff: enStaff,
  audit: enAudit,
  changeOrders: enChangeOrders,
  properties: enProperties,
  invoices: enInvoices,
} as const;

export const namespaces = Object.keys(english) as (keyof typeof english)[];
