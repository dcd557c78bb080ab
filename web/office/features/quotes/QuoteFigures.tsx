import { useTranslation } from 'react-i18next';
import type { Totals } from '../../../../domain/money';
import { formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { trimZeros } from './editor-form';

/** Subtotal, tax (with its rate) and total; the exact strings of domain/money.ts, formatted by Intl. */
export function QuoteFigures({ totals, taxRate, live = false }: { totals: Totals | null; taxRate: string; live?: boolean }) {
  const { t } = useTranslation('quotes');
  const locale = useLocale();
  const money = (amount: string | undefined) => (amount === undefined ? '—' : formatMoney(amount, locale));
  return (
    <dl className="quote-figures" aria-live={live ? 'polite' : undefined} aria-label={t('editor.total')}>
      <div>
        <dt>{t('editor.subtotal')}</dt>
        <dd data-figure="subtotal">{money(totals?.subtotal)}</dd>
      </div>
      <div>
        <dt>
          {t('editor.tax')} ({trimZeros(taxRate || '0')}%)
        </dt>
        <dd data-figure="tax">{money(totals?.tax)}</dd>
      </div>
      <div className="quote-figures-total">
        <dt>{t('editor.total')}</dt>
        <dd data-figure="total">{money(totals?.total)}</dd>
      </div>
    </dl>
  );
}
