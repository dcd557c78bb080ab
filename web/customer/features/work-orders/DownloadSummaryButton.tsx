import { useTranslation } from 'react-i18next';
import type { WorkOrder } from '../../../../contracts/customer/work-orders';
import { FormMessage } from '../../../shared/components/FormMessage';
import { downloadWorkOrderPdf } from '../../../shared/pdf';
import { usePdfDownload } from '../../lib/pdf/use-pdf-download';
import { workOrderPdfInput } from './work-order-pdf';

/** Builds workorder-{id}.pdf in the browser; the PDF library loads on the first click. */
export function DownloadSummaryButton({ order }: { order: WorkOrder }) {
  const { t } = useTranslation('workOrders');
  const pdf = usePdfDownload(
    async (company, locale) => downloadWorkOrderPdf(await workOrderPdfInput(order, locale), company, locale),
    `Work order ${order.id} summary`,
  );

  return (
    <>
      <button type="button" className="button secondary" aria-busy={pdf.busy} onClick={() => void pdf.download()}>
        {pdf.busy ? t('downloading') : t('download')}
      </button>
      {pdf.failed && <FormMessage kind="error">{t('downloadFailed')}</FormMessage>}
    </>
  );
}
