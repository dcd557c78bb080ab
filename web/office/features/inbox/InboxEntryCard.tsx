import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { InboxEntry } from '../../../../contracts/office/inbox';
import { formatDateTime } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { officePages } from '../../../../contracts/pages';
import { PhotoGallery } from '../../../shared/photos/PhotoGallery';
import { officePhotoUrls } from '../../../shared/photos/office-urls';
import { useNewChangeOrder } from './api/new-change-order';

export const inboxEntryHeadingId = (id: number) => `inbox-entry-${id}`;

/** Where an entry's record is shown: its own page (the office's quote or work order page). */
export function recordLink(entry: InboxEntry): string {
  return entry.record.type === 'work_order' ? officePages.workOrder.href(entry.record.id) : officePages.quote.href(entry.record.id);
}

/** One thing that needs the office: what happened, to which record, for whom, when; and 'Done'. */
export function InboxEntryCard({ entry, busy, onDone }: { entry: InboxEntry; busy: boolean; onDone: (entry: InboxEntry) => void }) {
  const { t } = useTranslation('inbox');
  const locale = useLocale();
  const headingId = inboxEntryHeadingId(entry.id);
  const record = t(`record.${entry.record.type}`, { id: entry.record.id });
  const link = recordLink(entry);
  return (
    <article className="card row-card" aria-labelledby={headingId}>
      <div className="row-main">
        <h2 id={headingId} tabIndex={-1}>
          {t(`kinds.${entry.kind}`)}: <Link to={link}>{record}</Link>
        </h2>
        <p className="muted">
          {entry.customer.name ? `${entry.customer.name} · ${entry.customer.email}` : entry.customer.email}
          {' · '}
          <time dateTime={entry.at}>{formatDateTime(entry.at, locale)}</time>
        </p>
        {entry.summary && <p className="summary-text">{entry.summary}</p>}
        {entry.photos && entry.photos.length > 0 && (
          <PhotoGallery
            photos={entry.photos}
            urls={officePhotoUrls}
            size="small"
            label={t('photos')}
            alt={(n, total) => t('photoAlt', { n, total })}
          />
        )}
      </div>
      <div className="actions">
        {entry.action === 'new_change_order' && entry.record.type === 'quote' && (
          <NewChangeOrderButton quoteId={entry.record.id} headingId={headingId} />
        )}
        <button type="button" className="button secondary" aria-describedby={headingId} disabled={busy} onClick={() => onDone(entry)}>
          {t('done')}
        </button>
      </div>
    </article>
  );
}

/** 'New change order': the answer to a revision request on an approved quote (contract-spec §2). */
function NewChangeOrderButton({ quoteId, headingId }: { quoteId: number; headingId: string }) {
  const { t } = useTranslation('inbox');
  const navigate = useNavigate();
  const create = useNewChangeOrder();
  return (
    <>
      <button
        type="button"
        className="button primary"
        aria-describedby={headingId}
        disabled={create.isPending}
        onClick={() => create.mutate(quoteId, { onSuccess: ({ id }) => void navigate(officePages.changeOrder.href(id)) })}
      >
        {t('newChangeOrder')}
      </button>
      {create.isError && (
        <span className="form-message error" role="alert">
          {t('newChangeOrderFailed')}
        </span>
      )}
    </>
  );
}
