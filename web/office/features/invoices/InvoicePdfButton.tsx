import { useTranslation } from 'react-i18next';
import { getCustomerDetail } from '../../../../contracts/office/customers';
import { callEndpoint } from '../../../shared/api/client';
import { FormMessage } from '../../../shared/components/FormMessage';
import { usePdfDownload } from '../../../shared/lib/use-pdf-download';
import { downloadInvoicePdf, type PdfCustomer } from '../../../shared/pdf';
import type { OfficeInvoice } from './api/invoices';
import { invoiceName, invoicePdfInput } from './invoice-view';

/**
 * 'Download PDF': the invoice as the customer gets it (web/shared/pdf, jsPDF loaded on the first
 * click), in the office's language, billed to the customer's profile (read on the click).
 */
export function InvoicePdfButton({ invoice }: { invoice: OfficeInvoice }) {
  const { t } = useTranslation('invoices');
  const pdf = usePdfDownload(
    (setup, locale) => downloadInvoicePdf(invoicePdfInput(invoice, invoiceName(t, invoice)), setup, locale),
    async (): Promise<PdfCustomer> =>
      invoice.customer.id === null
        ? { name: invoice.customer.name, email: invoice.customer.email, phone: null, address: null }
        : (await callEndpoint(getCustomerDetail, { params: { id: invoice.customer.id } })).customer,
    `Invoice ${invoice.number ?? `draft ${invoice.id}`}`,
  );
  return (
    <>
      <button type="button" className="button secondary" aria-busy={pdf.busy} onClick={() => void pdf.download()}>
        {pdf.busy ? t('pdf.preparing') : t('pdf.download')}
      </button>
      {pdf.failed && <FormMessage kind="error">{t('pdf.failed')}</FormMessage>}
    </>
  );
}
