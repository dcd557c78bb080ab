import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuoteDetail } from '../../../../contracts/customer/quotes';
import { formatDate } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';

/** The office's written answer to the customer's revision request (an Approved quote cannot get a new version). */
export function RevisionAnswer({ answer }: { answer: NonNullable<QuoteDetail['revisionAnswer']> }) {
  const { t } = useTranslation('quotesDetail');
  const locale = useLocale();
  const headingId = useId();
  return (
    <section className="quote-section quote-revision-answer" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('revisionAnswer.title')}</h2>
      <p className="muted">{t('revisionAnswer.asked', { date: formatDate(answer.requestedAt, locale), message: answer.message })}</p>
      <p className="quote-terms">{answer.answer}</p>
      <p className="muted">{t('revisionAnswer.answered', { date: formatDate(answer.answeredAt, locale) })}</p>
    </section>
  );
}
