import esAuth from './locales/es/auth.json';
import esCommon from './locales/es/common.json';
import esDashboard from './locales/es/dashboard.json';
import esProfile from './locales/es/profile.json';
import esSignatures from './locales/es/signatures.json';
import esQuotes from './locales/es/quotes.json';
import esQuotesDetail from './locales/es/quotesDetail.json';
import esSubmitWorkOrder from './locales/es/submitWorkOrder.json';
import esWorkOrders from './locales/es/workOrders.json';
import esWorkOrder from './locales/es/workOrder.json';
import esChangeOrders from './locales/es/changeOrders.json';
import esInvoices from './locales/es/invoices.json';
import type { english } from './english';

/** Spanish: its own chunk, fetched only when the portal is shown in Spanish (i18n/index.ts). */
export const spanish: typeof english = {
  common: esCommon,
  auth: esAuth,
  dashboard: esDashboard,
  quotes: esQuotes,
  quotesDetail: esQuotesDetail,
  workOrders: esWorkOrders,
  workOrder: esWorkOrder,
  submitWorkOrder: esSubmitWorkOrder,
  profile: esProfile,
  signatures: esSignatures,
  changeOrders: esChangeOrders,
  invoices: esInvoices,
};
