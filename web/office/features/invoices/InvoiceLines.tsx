import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import type { OfficeInvoice } from './api/invoices';

/** The invoice's lines (description, amount), as stored. */
export function InvoiceLines({ invoice, headingId }: { invoice: OfficeInvoice; headingId: string }) {
  const { t } = useTranslation('invoices');
  const locale = useLocale();
  return (
    <div className="table-wrap">
      <table className="data-table invoice-table" aria-labelledby={headingId}>
        <thead>
          <tr>
            <th scope="col">{t('detail.description')}</th>
            <th scope="col" className="num">
              {t('detail.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line) => (
            <tr key={line.position}>
              <td data-label={t('detail.description')} className="summary-text">
                {line.description}
              </td>
              <td className="num" data-label={t('detail.amount')}>
                {formatMoney(line.amount, locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Subtotal, tax, total, what was paid (refunds taken off) and the balance due: the database's figures. */
export function InvoiceFigures({ invoice }: { invoice: OfficeInvoice }) {
  const { t } = useTranslation('invoices');
  const locale = useLocale();
  const rows: [string, string, string][] = [
    ['subtotal', t('detail.subtotal'), invoice.subtotal],
    ['tax', t('detail.tax'), invoice.tax],
    ['total', t('detail.total'), invoice.total],
    ['paid', t('detail.paid'), invoice.amountPaid],
  ];
  return (
    <dl className="quote-figures invoice-figures">
      {rows.map(([key, label, amount]) => (
        <div key={key} data-testid={`invoice-${key}`}>
          <dt>{label}</dt>
          <dd>{formatMoney(amount, locale)}</dd>
        </div>
      ))}
      <div className="quote-figures-total" data-testid="invoice-balance-due">
        <dt>{t('detail.balanceDue')}</dt>
        <dd>{formatMoney(invoice.balanceDue, locale)}</dd>
      </div>
    </dl>
  );
}
