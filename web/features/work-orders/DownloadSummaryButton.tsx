import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from '../../../contracts/locale';
import type { WorkOrder } from '../../../contracts/work-orders';
import { downloadWorkOrderPdf } from '../../lib/pdf';
import { usePublicConfig } from '../../lib/public-config';

/** Builds workorder-{id}.pdf in the browser; the PDF library loads on the first click. */
export function DownloadSummaryButton({ order }: { order: WorkOrder }) {
  const { t, i18n } = useTranslation('workOrders');
  const config = usePublicConfig();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const download = async () => {
    if (!config.data) return;
    setBusy(true);
    setFailed(false);
    try {
      await downloadWorkOrderPdf(order, config.data.company, toLocale(i18n.resolvedLanguage));
    } catch (err) {
      console.error(`Work order ${order.id}: the summary PDF could not be created`, err);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="button secondary" disabled={busy || !config.data} aria-busy={busy} onClick={() => void download()}>
        {busy ? t('downloading') : t('download')}
      </button>
      {failed && (
        <p className="form-message error" role="alert">
          {t('downloadFailed')}
        </p>
      )}
    </>
  );
}
