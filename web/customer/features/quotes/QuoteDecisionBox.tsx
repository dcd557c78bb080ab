import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuoteDecisionView } from '../../../../contracts/quote-document';
import { formatDateTime, formatMoney } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { shortHash } from '../../../shared/pdf/quote-figures';

/** The customer's answer to the version: who signed, when and for which total; or when and why declined. */
export function QuoteDecisionBox({ decision }: { decision: QuoteDecisionView }) {
  const { t } = useTranslation('quotesDetail');
  const locale = useLocale();
  const headingId = useId();
  const approved = decision.decision === 'Approved';
  const when = <time dateTime={decision.decidedAt}>{formatDateTime(decision.decidedAt, locale)}</time>;

  return (
    <section className={`quote-decision ${approved ? 'approved' : 'declined'}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{approved ? t('decision.approvedTitle') : t('decision.declinedTitle')}</h2>
      <dl>
        {approved ? (
          <>
            <div>
              <dt>{t('decision.signedBy')}</dt>
              <dd>{decision.signerName}</dd>
            </div>
            <div>
              <dt>{t('decision.signedAt')}</dt>
              <dd>{when}</dd>
            </div>
            {decision.total && (
              <div>
                <dt>{t('decision.signedTotal')}</dt>
                <dd>{formatMoney(decision.total, locale)}</dd>
              </div>
            )}
          </>
        ) : (
          <>
            <div>
              <dt>{t('decision.declinedAt')}</dt>
              <dd>{when}</dd>
            </div>
            {decision.reason && (
              <div>
                <dt>{t('decision.reason')}</dt>
                <dd className="quote-decision-reason">{decision.reason}</dd>
              </div>
            )}
          </>
        )}
      </dl>
      {approved && (
        <p className="muted quote-decision-hash">
          {t('decision.signedElectronically')} · {shortHash(decision.contentHash)}
        </p>
      )}
    </section>
  );
}
