import enAuth from './locales/en/auth.json';
import enCommon from './locales/en/common.json';
import enDashboard from './locales/en/dashboard.json';
import enProfile from './locales/en/profile.json';
import enSignatures from './locales/en/signatures.json';
import enQuotes from './locales/en/quotes.json';
import enQuotesDetail from './locales/en/quotesDetail.json';
import enSubmitWorkOrder from './locales/en/submitWorkOrder.json';
import enWorkOrders from './locales/en/workOrders.json';
import enWorkOrder from './locales/en/workOrder.json';
import enChangeOrders from './locales/en/changeOrders.json';
import enInvoices from './locales/en/invoices.json';

/**
 * English, the fallback language. One JSON file a screen. 'common' and 'auth' come with the first
 * page (index.ts imports them); the rest is a chunk of its own, fetched with the signed-in screens.
 * A new namespace goes here, in spanish.ts and in NAMESPACES (index.ts).
 */
export const english = {
  common: enCommon,
  auth: enAuth,
  dashboard: enDashboard,
  quotes: enQuotes,
  quotesDetail: enQuotesDetail,
  workOrders: enWorkOrders,
  workOrder: enWorkOrder,
  submitWorkOrder: enSubmitWorkOrder,
  profile: enProfile,
  signatures: enSignatures,
  changeOrders: enChangeOrders,
  invoices: enInvoices,
};
