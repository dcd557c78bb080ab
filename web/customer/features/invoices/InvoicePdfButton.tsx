import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../shared/components/FormMessage';
import { downloadInvoicePdf } from '../../../shared/pdf';
import { usePdfDownload } from '../../lib/pdf/use-pdf-download';
import { invoiceQuery } from './api/get-invoice';
import { invoicePdfInput } from './invoice-pdf';

/** 'Download PDF': the invoice with its lines and payments (read when the list has only its row); jsPDF loads on the first click. */
export function InvoicePdfButton({ invoiceId, number }: { invoiceId: number; number: string }) {
  const { t } = useTranslation('invoices');
  const queryClient = useQueryClient();
  const pdf = usePdfDownload(async (setup, locale) => {
    const invoice = await queryClient.ensureQueryData(invoiceQuery(invoiceId));
    await downloadInvoicePdf(invoicePdfInput(invoice), setup, locale);
  }, `Invoice ${number} PDF`);
  return (
    <>
      <button
        type="button"
        className="button secondary"
        aria-busy={pdf.busy}
        aria-label={`${t('download')} – ${number}`}
        onClick={() => void pdf.download()}
      >
        {pdf.busy ? t('downloading') : t('download')}
      </button>
      {pdf.failed && <FormMessage kind="error">{t('downloadFailed')}</FormMessage>}
    </>
  );
}
