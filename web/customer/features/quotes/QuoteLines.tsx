import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuoteDecisionView, QuoteVersionView } from '../../../../contracts/quote-document';
import { formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { formatQuantity, formatTaxRate, lineChoice, versionFigures } from '../../../shared/pdf/quote-figures';

/**
 * A version's line items (quantity, unit price, line total; optional lines marked, and once approved
 * whether they were chosen), then subtotal, tax and total: the same figures as the PDF.
 */
export function QuoteLines({
  version,
  decision,
  headingLevel = 2,
}: {
  version: QuoteVersionView;
  decision: QuoteDecisionView | null;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t } = useTranslation('quotesDetail');
  const locale = useLocale();
  const headingId = useId();
  const figures = versionFigures(version, decision);
  const money = (amount: string) => formatMoney(amount, locale);

  return (
    <section className="quote-section" aria-labelledby={headingId}>
      <Heading id={headingId}>{t('lines.title')}</Heading>
      {version.lines.length === 0 ? (
        <p className="muted">{t('noLines')}</p>
      ) : (
        <table className="quote-lines">
          <thead>
            <tr>
              <th scope="col">{t('lines.description')}</th>
              <th scope="col">{t('lines.quantity')}</th>
              <th scope="col">{t('lines.unitPrice')}</th>
              <th scope="col">{t('lines.lineTotal')}</th>
            </tr>
          </thead>
          <tbody>
            {version.lines.map((line) => {
              const choice = lineChoice(line, decision);
              return (
                <tr key={line.id} data-choice={choice}>
                  <th scope="row">
                    <span className="quote-line-description">{line.description}</span>
                    {choice !== 'required' && <span className="quote-line-optional">{t(`lines.${choice}`)}</span>}
                  </th>
                  <td data-label={t('lines.quantity')}>{formatQuantity(line.quantity, locale)}</td>
                  <td data-label={t('lines.unitPrice')}>{money(line.unitPrice)}</td>
                  <td data-label={t('lines.lineTotal')}>{money(line.lineTotal)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <dl className="quote-figures">
        <div>
          <dt>{t('lines.subtotal')}</dt>
          <dd>{money(figures.subtotal)}</dd>
        </div>
        <div>
          <dt>{t('lines.tax', { rate: formatTaxRate(version.taxRate, locale) })}</dt>
          <dd>{money(figures.tax)}</dd>
        </div>
        <div className="quote-figures-total">
          <dt>{t('total')}</dt>
          <dd>{money(figures.total)}</dd>
        </div>
      </dl>
    </section>
  );
}
