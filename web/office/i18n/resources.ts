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

/** One JSON file a screen and language; resources.test.ts keeps en and es key for key. */
export const resources = {
  en: {
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
  },
  es: {
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
  },
} as const;

export const namespaces = Object.keys(resources.en) as (keyof typeof resources.en)[];
