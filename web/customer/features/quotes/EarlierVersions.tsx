import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuoteDetail } from '../../../../contracts/customer/quotes';
import { formatDate, formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useQuoteVersion } from './api/get-quote';
import { QuoteLines } from './QuoteLines';
import { QuotePdfButton } from './QuotePdfButton';

/** 'Earlier versions': each one's date and total; opened, its lines, figures and terms, and its PDF. */
export function EarlierVersions({ quote }: { quote: QuoteDetail }) {
  const { t } = useTranslation('quotesDetail');
  const headingId = useId();
  if (quote.earlierVersions.length === 0) return null;
  return (
    <section className="quote-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('earlier.title')}</h2>
      <ul className="list earlier-versions">
        {[...quote.earlierVersions].reverse().map((v) => (
          <li key={v.version}>
            <EarlierVersion quote={quote} summary={v} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function EarlierVersion({ quote, summary }: { quote: QuoteDetail; summary: QuoteDetail['earlierVersions'][number] }) {
  const { t } = useTranslation('quotesDetail');
  const locale = useLocale();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const loaded = useQuoteVersion(quote.id, summary.version, open);
  const current = quote.version?.version ?? summary.version;

  return (
    <div className="earlier-version">
      <div className="earlier-version-head">
        <span>
          {t('earlier.summary', {
            n: summary.version,
            date: formatDate(summary.sentAt, locale),
            total: formatMoney(summary.total, locale),
          })}
        </span>
        <button type="button" className="button secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          {open ? t('earlier.hide', { n: summary.version }) : t('earlier.show', { n: summary.version })}
        </button>
      </div>
      <div id={panelId} hidden={!open}>
        {open && loaded.isPending && (
          <p className="muted" role="status">
            {t('earlier.loading')}
          </p>
        )}
        {open && loaded.isError && (
          <p className="form-message error" role="alert">
            {t('earlier.loadFailed')}
          </p>
        )}
        {loaded.data && (
          <div className="earlier-version-body">
            <QuoteLines version={loaded.data.version} decision={loaded.data.decision} headingLevel={3} />
            {loaded.data.version.terms && (
              <p className="quote-terms">
                <strong>{t('terms')}:</strong> {loaded.data.version.terms}
              </p>
            )}
            <div className="actions">
              <QuotePdfButton
                quote={quote}
                version={{ version: loaded.data.version, decision: loaded.data.decision, currentVersion: current }}
                label={t('earlier.pdf', { n: summary.version })}
              />
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
