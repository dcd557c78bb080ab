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
    preparedFor: 'Prepared for',
    customer: 'Customer',
    status: 'Status',
    date: 'Date',
    total: 'Total',
    address: 'Address',
    description: 'Description',
    phones: 'Phone',
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
    version: 'Version',
    earlierVersion: (current: number) => `Earlier version (now version ${current})`,
    validUntil: 'Valid until',
    terms: 'Terms',
    lineItems: 'Line items',
    item: 'Item',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    lineTotal: 'Amount',
    optional: 'Optional',
    chosen: 'Optional, chosen',
    notChosen: 'Optional, not chosen',
    subtotal: 'Subtotal',
    tax: (rate: string) => `Tax (${rate})`,
    signature: 'Signature',
    signedBy: 'Signed by',
    signedAt: 'Date and time',
    signedTotal: 'Signed total',
    signedElectronically: 'Signed electronically',
    contentHash: 'Content hash',
    declinedAt: 'Declined on',
    reason: 'Reason',
    decision: 'Decision',
  },
  es: {
    quoteTitle: 'Cotización oficial',
    quoteNumber: (id: number) => `Cotización #${id}`,
    workOrderTitle: 'Resumen de orden de trabajo',
    workOrderNumber: (id: number) => `Orden de trabajo #${id}`,
    preparedFor: 'Preparada para',
    customer: 'Cliente',
    status: 'Estado',
    date: 'Fecha',
    total: 'Total',
    address: 'Dirección',
    description: 'Descripción',
    phones: 'Tel.',
    page: (page: number, pages: number) => `Página ${page} de ${pages}`,
    version: 'Versión',
    earlierVersion: (current: number) => `Versión anterior (ahora versión ${current})`,
    validUntil: 'Válida hasta',
    terms: 'Términos',
    lineItems: 'Partidas',
    item: 'Partida',
    quantity: 'Cant.',
    unitPrice: 'Precio unitario',
    lineTotal: 'Importe',
    optional: 'Opcional',
    chosen: 'Opcional, elegida',
    notChosen: 'Opcional, no elegida',
    subtotal: 'Subtotal',
    tax: (rate: string) => `Impuesto (${rate})`,
    signature: 'Firma',
    signedBy: 'Firmado por',
    signedAt: 'Fecha y hora',
    signedTotal: 'Total firmado',
    signedElectronically: 'Firmado electrónicamente',
    contentHash: 'Huella del contenido',
    declinedAt: 'Rechazada el',
    reason: 'Motivo',
    decision: 'Decisión',
  },
} satisfies Record<Locale, unknown>;
export type PdfLabels = (typeof pdfLabels)[Locale];

const statusNames: Record<Locale, Record<string, string>> = { en: enCommon.status, es: esCommon.status };

/** A status in the PDF's language; an unknown status is printed as stored. */
export const statusLabel = (status: string, locale: Locale): string => statusNames[locale][status] ?? status;

/** jsPDF language tag for the document's metadata (read by screen readers). */
export const pdfLanguage = (locale: Locale) => (locale === 'es' ? 'es' : 'en-US');
