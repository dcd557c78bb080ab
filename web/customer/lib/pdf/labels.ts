import type { Locale } from '../../../../contracts/locale';
import enCommon from '../../i18n/locales/en/common.json';
import esCommon from '../../i18n/locales/es/common.json';

/** The PDFs' own words, in both languages; status names come from the app's translations. */
export const pdfLabels = {
  en: {
    quoteTitle: 'Official Quote',
    quoteNumber: (id: number) => `Quote #${id}`,
    workOrderTitle: 'Work Order Summary',
    workOrderNumber: (id: number) => `Work Order #${id}`,
    status: 'Status',
    date: 'Date',
    total: 'Total',
    address: 'Address',
    description: 'Description',
    phones: 'Phone',
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
  es: {
    quoteTitle: 'Cotización oficial',
    quoteNumber: (id: number) => `Cotización #${id}`,
    workOrderTitle: 'Resumen de orden de trabajo',
    workOrderNumber: (id: number) => `Orden de trabajo #${id}`,
    status: 'Estado',
    date: 'Fecha',
    total: 'Total',
    address: 'Dirección',
    description: 'Descripción',
    phones: 'Tel.',
    page: (page: number, pages: number) => `Página ${page} de ${pages}`,
  },
} satisfies Record<Locale, unknown>;
export type PdfLabels = (typeof pdfLabels)[Locale];

const statusNames: Record<Locale, Record<string, string>> = { en: enCommon.status, es: esCommon.status };

/** A status in the PDF's language; an unknown status is printed as stored. */
export const statusLabel = (status: string, locale: Locale): string => statusNames[locale][status] ?? status;

/** jsPDF language tag for the document's metadata (read by screen readers). */
export const pdfLanguage = (locale: Locale) => (locale === 'es' ? 'es' : 'en-US');
