import { useTranslation } from 'react-i18next';
import type { OfficeQuote } from '../../../../contracts/office/quotes';
import { formatDate, formatDateTime, formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { trimZeros } from './editor-form';
import { depositAmount } from '../../../../domain/invoices/figures';
import { lineChoice, versionFigures } from '../../../shared/quotes/figures';
import { QuoteFigures } from './QuoteFigures';

type Version = OfficeQuote['versions'][number];
type Decision = OfficeQuote['decisions'][number];

/**
 * One version as stored: its lines (a table, read-only), figures, valid-until and terms. Once the
 * version is approved, as signed: the optional lines marked chosen or not, and the figures of the
 * required and chosen lines, the signed total the customer's page and the PDF show (issue 22).
 */
export function VersionDocument({
  version,
  decision,
  headingId,
}: {
  version: Version;
  decision?: Decision | undefined;
  headingId: string;
}) {
  const { t } = useTranslation('quotes');
  const locale = useLocale();
  const figures = versionFigures(version, decision);
  return (
    <div className="version-document">
      <p className="muted">
        {version.sentAt ? t('detail.versionSent', { date: formatDateTime(version.sentAt, locale) }) : t('detail.versionNotSent')}
      </p>
      <dl className="facts">
        <div>
          <dt>{t('detail.validUntil')}</dt>
          <dd>{version.validUntil ? formatDate(version.validUntil, locale) : t('common:missing')}</dd>
        </div>
        {version.depositPercent !== undefined && (
          <div>
            <dt>{t('detail.deposit')}</dt>
            <dd data-testid="quote-deposit">
              {version.depositPercent === 0
                ? t('detail.noDeposit')
                : t('detail.depositValue', {
                    percent: version.depositPercent,
                    amount: formatMoney(depositAmount(figures.total, version.depositPercent), locale),
                  })}
            </dd>
          </div>
        )}
        {version.contentHash && (
          <div>
            <dt>{t('detail.contentHash')}</dt>
            <dd>
              <code title={version.contentHash}>{version.contentHash.slice(0, 12)}</code>
            </dd>
          </div>
        )}
      </dl>
      {version.description && <p className="summary-text">{version.description}</p>}
      {version.lines.length === 0 ? (
        <p className="muted">{t('detail.noLines')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table quote-lines-table" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{t('detail.description')}</th>
                <th scope="col" className="num">
                  {t('detail.quantity')}
                </th>
                <th scope="col" className="num">
                  {t('detail.unitPrice')}
                </th>
                <th scope="col" className="num">
                  {t('detail.lineTotal')}
                </th>
              </tr>
            </thead>
            <tbody>
              {version.lines.map((line) => (
                <tr key={line.id}>
                  <td data-label={t('detail.description')}>
                    {line.description}
                    {line.optional && (
                      <>
                        {' '}
                        <span className={`badge ${lineChoice(line, decision) === 'chosen' ? 'green' : 'grey'}`}>
                          {t(`detail.lineChoice.${lineChoice(line, decision)}`)}
                        </span>
                      </>
                    )}
                  </td>
                  <td className="num" data-label={t('detail.quantity')}>
                    {trimZeros(line.quantity)}
                  </td>
                  <td className="num" data-label={t('detail.unitPrice')}>
                    {formatMoney(line.unitPrice, locale)}
                  </td>
                  <td className="num" data-label={t('detail.lineTotal')}>
                    {formatMoney(line.lineTotal, locale)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <QuoteFigures totals={figures} taxRate={version.taxRate} />
      <h4>{t('detail.terms')}</h4>
      <p className={version.terms ? 'summary-text' : 'muted'}>{version.terms || t('detail.noTerms')}</p>
    </div>
  );
}
