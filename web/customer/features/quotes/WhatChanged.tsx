import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuoteLineView, WhatChangedView } from '../../../../contracts/quote-document';
import type { Locale } from '../../../../contracts/locale';
import { formatDate, formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { formatQuantity, formatTaxRate } from '../../../shared/pdf/quote-figures';

type Field = WhatChangedView['changed'][number]['changes'][number]['field'] | WhatChangedView['fields'][number]['field'];
type Value = string | boolean | null;

/** A changed value as the customer reads it: money as money, a date as a date, yes/no for "optional". */
function useFormatValue() {
  const { t } = useTranslation('quotesDetail');
  const locale: Locale = useLocale();
  return (field: Field, value: Value): string => {
    if (value === null || value === '') return t('whatChanged.none');
    if (typeof value === 'boolean') return value ? t('whatChanged.yes') : t('whatChanged.no');
    if (field === 'unitPrice' || field === 'lineTotal') return formatMoney(value, locale);
    if (field === 'quantity') return formatQuantity(value, locale);
    if (field === 'taxRate') return formatTaxRate(value, locale);
    if (field === 'validUntil') return formatDate(value, locale);
    return value;
  };
}

function LineSummary({ line }: { line: QuoteLineView }) {
  const { t } = useTranslation('quotesDetail');
  const locale = useLocale();
  return (
    <>
      <span className="quote-change-line">{line.description}</span>{' '}
      <span className="muted">
        {formatQuantity(line.quantity, locale)} × {formatMoney(line.unitPrice, locale)} = {formatMoney(line.lineTotal, locale)}
        {line.optional && ` (${t('lines.optional')})`}
      </span>
    </>
  );
}

/** 'What changed' since the previous version: lines added, removed, changed (old → new), and the total. */
export function WhatChanged({ changes }: { changes: WhatChangedView }) {
  const { t } = useTranslation('quotesDetail');
  const locale = useLocale();
  const headingId = useId();
  const format = useFormatValue();
  const arrow = (field: Field, old: Value, now: Value) => (
    <>
      <del>{format(field, old)}</del> → <ins>{format(field, now)}</ins>
    </>
  );

  return (
    <section className="quote-section what-changed" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('whatChanged.title')}</h2>
      <p className="muted">{t('whatChanged.since', { n: changes.fromVersion })}</p>
      {changes.added.length > 0 && (
        <div className="what-changed-group" data-kind="added">
          <h3>{t('whatChanged.added')}</h3>
          <ul>
            {changes.added.map((line) => (
              <li key={line.key}>
                <LineSummary line={line} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {changes.removed.length > 0 && (
        <div className="what-changed-group" data-kind="removed">
          <h3>{t('whatChanged.removed')}</h3>
          <ul>
            {changes.removed.map((line) => (
              <li key={line.key}>
                <LineSummary line={line} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {(changes.changed.length > 0 || changes.fields.length > 0) && (
        <div className="what-changed-group" data-kind="changed">
          <h3>{t('whatChanged.changed')}</h3>
          <ul>
            {changes.changed.map((change) => (
              <li key={change.key}>
                <span className="quote-change-line">{change.line.description}</span>
                <ul>
                  {change.changes.map((c) => (
                    <li key={c.field}>
                      {t(`whatChanged.field.${c.field}`)}: {arrow(c.field, c.old, c.new)}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
            {changes.fields.map((c) => (
              <li key={c.field}>
                {t(`whatChanged.field.${c.field}`)}: {arrow(c.field, c.old, c.new)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="what-changed-total">
        <strong>{t('whatChanged.total')}:</strong> <del>{formatMoney(changes.total.old, locale)}</del> →{' '}
        <ins>{formatMoney(changes.total.new, locale)}</ins>
      </p>
    </section>
  );
}
