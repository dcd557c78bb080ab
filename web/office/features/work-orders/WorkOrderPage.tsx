import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { OfficeWorkOrder } from '../../../../contracts/office/work-orders';
import { isCancellable } from '../../../../domain/work-orders';
import { ApiError } from '../../../shared/api/client';
import { QueryStatus } from '../../../shared/components/QueryStatus';
import { formatDate } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { PhotoGallery } from '../../../shared/photos/PhotoGallery';
import { officePhotoUrls } from '../../../shared/photos/office-urls';
import { StatusBadge } from '../../../shared/components/StatusBadge';
import { officePages } from '../../../../contracts/pages';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { useOfficeWorkOrder, workOrderIdFrom } from './api/work-order';
import { NoteForm } from './NoteForm';
import { OrderProperty } from './OrderProperty';
import { RequestQuote } from './RequestQuote';
import { scheduleValues } from '../../../shared/schedule-text';
import { ScheduleForm } from './ScheduleForm';
import { StatusActions } from './StatusActions';
import { Timeline } from './Timeline';
import './work-order.css';

/** /office/work-orders/:id (office-spec sections 2 and 4): the order, its status, schedule, notes and timeline. */
export function WorkOrderPage() {
  const id = workOrderIdFrom(useParams().id);
  if (!id) return <NotFound />;
  return <WorkOrderScreen key={id} id={id} />;
}

function NotFound() {
  const { t } = useTranslation('workOrder');
  return (
    <>
      <h1>{t('notFound')}</h1>
      <p>
        <Link to={officePages.workOrders.href()}>{t('back')}</Link>
      </p>
    </>
  );
}

function WorkOrderScreen({ id }: { id: number }) {
  const { t } = useTranslation('workOrder');
  const order = useOfficeWorkOrder(id);
  const notFound = order.error instanceof ApiError && order.error.status === 404;
  useDocumentTitle(notFound ? t('notFound') : t('title', { id }));

  if (notFound) return <NotFound />;
  return (
    <>
      <p className="breadcrumb">
        <Link to={officePages.workOrders.href()}>{t('back')}</Link>
      </p>
      {/* One heading element while loading and once loaded, so the focus a move to this screen gives it stays. */}
      <div className="page-header">
        <h1>
          {t('title', { id })} {order.data && <StatusBadge status={order.data.status} domain="workOrder" />}
        </h1>
      </div>
      {order.data ? (
        <Loaded order={order.data} refreshing={order.isFetching} />
      ) : (
        <QueryStatus query={order} ns="workOrder" logAs={`Work order ${id} could not be loaded:`} />
      )}
    </>
  );
}

function Loaded({ order, refreshing }: { order: OfficeWorkOrder; refreshing: boolean }) {
  const { t } = useTranslation('workOrder');
  const locale = useLocale();
  const { customer } = order;
  const who = customer.name ? `${customer.name} · ${customer.email}` : customer.email;

  return (
    <div className="work-order-page" aria-busy={refreshing}>
      <section className="card" aria-labelledby="order-title">
        <h2 id="order-title">{t('order.title')}</h2>
        <dl className="facts order-facts">
          <div className="wide">
            <dt>{t('order.customer')}</dt>
            <dd>
              {customer.id === null ? who : <Link to={`${officePages.customer.href(customer.id)}#work-order-${order.id}`}>{who}</Link>}
              {customer.phone && <span className="muted"> · {customer.phone}</span>}
            </dd>
          </div>
          <div className="wide">
            <dt>{t('order.description')}</dt>
            <dd className="summary-text">{order.description}</dd>
          </div>
          <div>
            <dt>{t('order.address')}</dt>
            <dd>{order.address}</dd>
          </div>
          <div>
            <dt>{t('order.requested')}</dt>
            <dd>
              <time dateTime={order.submittedAt}>{formatDate(order.submittedAt, locale)}</time>
            </dd>
          </div>
          {order.quoteId !== null && (
            <div>
              <dt>{t('order.quote')}</dt>
              <dd>
                <Link to={officePages.quote.href(order.quoteId)}>{t('order.fromQuote', { id: order.quoteId })}</Link>
              </dd>
            </div>
          )}
          {order.requestedBy && (
            <div className="wide">
              <dt>{t('order.requestedBy')}</dt>
              <dd>
                {order.requestedBy.name} ({order.requestedBy.email})
              </dd>
            </div>
          )}
          {order.cancelReason && (
            <div className="wide">
              <dt>{t('order.cancelReason')}</dt>
              <dd className="summary-text">{order.cancelReason}</dd>
            </div>
          )}
        </dl>
        <RequestQuote order={order} />
        {customer.emailUpdates === false && <p className="muted">{t('order.noUpdates')}</p>}
        {customer.emailUpdates === null && <p className="muted">{t('order.noProfile')}</p>}
      </section>

      <section className="card" aria-labelledby="property-title">
        <h2 id="property-title">{t('property.title')}</h2>
        <OrderProperty order={order} />
      </section>

      <section className="card" aria-labelledby="status-title">
        <h2 id="status-title">{t('status.title')}</h2>
        <StatusActions order={order} />
      </section>

      <section className="card" aria-labelledby="schedule-title">
        <h2 id="schedule-title">{t('schedule.title')}</h2>
        <p>
          {order.schedule
            ? t('schedule.current', { ...scheduleValues(order.schedule, locale), zone: order.schedule.timeZone })
            : t('schedule.none')}
        </p>
        {isCancellable(order.status) ? (
          // Not re-keyed by the schedule: after saving, focus and the saved message stay where they are.
          <ScheduleForm order={order} timeZone={order.timeZone} />
        ) : (
          <p className="muted">{t('schedule.closed')}</p>
        )}
      </section>

      {order.photos && order.photos.length > 0 && (
        <section className="card" aria-labelledby="photos-title">
          <h2 id="photos-title">{t('photos.title')}</h2>
          <PhotoGallery
            photos={order.photos}
            urls={officePhotoUrls}
            label={t('photos.title')}
            alt={(n, total) => t('photos.alt', { n, total })}
          />
        </section>
      )}

      <section className="card" aria-labelledby="notes-title">
        <h2 id="notes-title">{t('notes.title')}</h2>
        <NoteForm id={order.id} />
      </section>

      <section className="card" aria-labelledby="timeline-title">
        <h2 id="timeline-title">{t('timeline.title')}</h2>
        <Timeline order={order} />
      </section>
    </div>
  );
}
