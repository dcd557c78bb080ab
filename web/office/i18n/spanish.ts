import esAudit from './locales/es/audit.json';
import esAuth from './locales/es/auth.json';
import esCommon from './locales/es/common.json';
import esCustomers from './locales/es/customers.json';
import esInbox from './locales/es/inbox.json';
import esQuotes from './locales/es/quotes.json';
import esStaff from './locales/es/staff.json';
import esWorkOrders from './locales/es/workOrders.json';
import esWorkOrder from './locales/es/workOrder.json';
import esChangeOrders from './locales/es/changeOrders.json';
import esProperties from './locales/es/properties.json';
import esInvoices from './locales/es/invoices.json';

/** The office's Spanish texts: a chunk of their own, fetched when the office is shown in Spanish (index.ts). */
export const spanish = {
  common: esCommon,
  auth: esAuth,
  inbox: esInbox,
  customers: esCustomers,
  quotes: esQuotes,
  workOrders: esWorkOrders,
  workOrder: esWorkOrder,
  staff: esStaff,
  audit: esAudit,
  changeOrders: esChangeOrders,
  properties: esProperties,
  invoices: esInvoices,
} as const;
