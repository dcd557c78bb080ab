import enAuth from './locales/en/auth.json';
import enCommon from './locales/en/common.json';
import enDashboard from './locales/en/dashboard.json';
import enProfile from './locales/en/profile.json';
import enQuotes from './locales/en/quotes.json';
import enSubmitWorkOrder from './locales/en/submitWorkOrder.json';
import enWorkOrders from './locales/en/workOrders.json';
import esAuth from './locales/es/auth.json';
import esCommon from './locales/es/common.json';
import esDashboard from './locales/es/dashboard.json';
import esProfile from './locales/es/profile.json';
import esQuotes from './locales/es/quotes.json';
import esSubmitWorkOrder from './locales/es/submitWorkOrder.json';
import esWorkOrders from './locales/es/workOrders.json';

/** One JSON file a screen and language; web/customer/i18n/resources.test.ts keeps en and es key for key. */
export const resources = {
  en: {
    common: enCommon,
    auth: enAuth,
    dashboard: enDashboard,
    quotes: enQuotes,
    workOrders: enWorkOrders,
    submitWorkOrder: enSubmitWorkOrder,
    profile: enProfile,
  },
  es: {
    common: esCommon,
    auth: esAuth,
    dashboard: esDashboard,
    quotes: esQuotes,
    workOrders: esWorkOrders,
    submitWorkOrder: esSubmitWorkOrder,
    profile: esProfile,
  },
} as const;

export const namespaces = Object.keys(resources.en) as (keyof typeof resources.en)[];
