import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import type { OfficeInvoice } from './api/invoices';
import { isRefund } from './invoice-view';

/** Payments received and refunds made, oldest first: day, method (or 'Refund'), reference, who recorded it (or who of the account paid online), amount. */
export function PaymentsTable({ payments, headingId }: { payments: OfficeInvoice['payments']; headingId: string }) {
  const { t } = useTranslation('invoices');
  const locale = useLocale();
  if (payments.length === 0) return <p className="muted">{t('detail.noPayments')}</p>;
  return (
    <div className="table-wrap">
      <table className="data-table invoice-table" aria-labelledby={headingId} data-testid="invoice-payments">
        <thead>
          <tr>
            <th scope="col">{t('detail.date')}</th>
            <th scope="col">{t('detail.method')}</th>
            <th scope="col">{t('detail.reference')}</th>
            <th scope="col">{t('detail.recordedBy')}</th>
            <th scope="col" className="num">
              {t('detail.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => {
            const refund = isRefund(payment);
            const method = t(`methods.${payment.method}`, { defaultValue: payment.method });
            return (
              <tr key={payment.id} data-kind={refund ? 'refund' : 'payment'}>
                <td data-label={t('detail.date')}>{formatDate(payment.receivedAt, locale)}</td>
                <td data-label={t('detail.method')}>{refund ? `${t('detail.refund')} · ${method}` : method}</td>
                <td data-label={t('detail.reference')}>{payment.reference || '—'}</td>
                <td data-label={t('detail.recordedBy')}>
                  {payment.paidBy ? t('detail.paidBy', payment.paidBy) : (payment.recordedBy ?? '—')}
                </td>
                <td className="num" data-label={t('detail.amount')}>
                  {formatMoney(refund ? `-${payment.amount.replace(/^-/, '')}` : payment.amount, locale)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
