import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OfficeQuote } from '../../../../contracts/office/quotes';
import { formatDate } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { PhotoGallery } from '../../../shared/photos/PhotoGallery';
import { officePhotoUrls } from '../../../shared/photos/office-urls';
import { officePages } from '../../../../contracts/pages';

/** The work request a quote answers ('Create quote' on it): its link, address, words and photos. */
export function QuoteRequestCard({ request }: { request: NonNullable<OfficeQuote['request']> }) {
  const { t } = useTranslation('quotes');
  const locale = useLocale();
  return (
    <section className="card quote-request" aria-labelledby="quote-request-title">
      <h2 id="quote-request-title">{t('request.title')}</h2>
      <p>
        <Link to={officePages.workOrder.href(request.id)}>{t('request.link', { id: request.id })}</Link>{' '}
        <span className="muted">· {t('request.sent', { date: formatDate(request.submittedAt, locale) })}</span>
      </p>
      <dl className="facts">
        <div>
          <dt>{t('request.address')}</dt>
          <dd>{request.address}</dd>
        </div>
        <div className="wide">
          <dt>{t('request.description')}</dt>
          <dd className="summary-text">{request.description}</dd>
        </div>
      </dl>
      {request.photos.length > 0 && (
        <PhotoGallery
          photos={request.photos}
          urls={officePhotoUrls}
          label={t('request.photos')}
          alt={(n, total) => t('request.photoAlt', { n, total })}
        />
      )}
    </section>
  );
}
