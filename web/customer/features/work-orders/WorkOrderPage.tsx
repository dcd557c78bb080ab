import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { CustomerWorkOrderEvent, WorkOrderDetail } from '../../../../contracts/customer/work-orders';
import { isCancellable } from '../../../../domain/work-orders';
import { ApiError } from '../../../shared/api/client';
import { QueryStatus } from '../../../shared/components/QueryStatus';
import { formatDate, formatDateTime } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { PhotoGallery } from '../../../shared/photos/PhotoGallery';
import { customerPhotoUrls } from '../../../shared/photos/customer-urls';
import { StatusBadge } from '../../../shared/components/StatusBadge';
import { customerPages } from '../../../../contracts/pages';
import { useWorkOrder, workOrderIdFrom } from './api/get-work-order';
import { queryKeys } from '../../lib/query-keys';
import { CancelOrderDialog } from './CancelOrderDialog';
import { DownloadSummaryButton } from './DownloadSummaryButton';
import { scheduleValues } from '../../../shared/schedule-text';
import { shownSchedule } from './shown-schedule';
import './work-orders.css';

/**
 * The customer's /work-orders/:id (office-spec section 4): the order and its customer-visible timeline.
 * The tab keeps the Work Orders title the signed-in layout gives every /work-orders page (a title of
 * its own would split the company-config module out of the first page's entry: more first-page bytes).
 */
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
      <p>{t('notFoundBody')}</p>
      <p>
        <Link to={customerPages.workOrders.href()}>{t('back')}</Link>
      </p>
    </>
  );
}

function WorkOrderScreen({ id }: { id: number }) {
  const { t } = useTranslation('workOrder');
  const order = useWorkOrder(id);
  const title = t('title', { id });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [focusHeading, setFocusHeading] = useState(false);
  const notFound = order.error instanceof ApiError && order.error.status === 404;

  // Once the order is cancelled its button is gone: focus lands on the heading.
  useEffect(() => {
    if (!focusHeading) return;
    headingRef.current?.focus();
    setFocusHeading(false);
  }, [focusHeading]);

  if (notFound) return <NotFound />;
  // One heading element while loading and once loaded, so the focus a move to this screen gives it stays.
  return (
    <div className="work-order-page">
      <p className="breadcrumb">
        <Link to={customerPages.workOrders.href()}>{t('back')}</Link>
      </p>
      <header className="work-order-header">
        <h1 ref={headingRef} tabIndex={-1}>
          {title}
        </h1>
        {order.data && <StatusBadge status={order.data.workOrder.status} domain="workOrder" />}
      </header>
      {order.data ? (
        <Loaded detail={order.data} onCancelled={() => setFocusHeading(true)} />
      ) : (
        <QueryStatus query={order} ns="workOrder" logAs={`Work order ${id} could not be loaded:`} />
      )}
    </div>
  );
}

function Loaded({ detail, onCancelled }: { detail: WorkOrderDetail; onCancelled: () => void }) {
  const { t } = useTranslation('workOrder');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const { workOrder: order, timeline } = detail;
  const schedule = shownSchedule(order);
  const [confirming, setConfirming] = useState(false);

  return (
    <>
      <section className="card work-order" aria-label={t('details')}>
        <p className="work-order-description">{order.description}</p>
        <dl className="work-order-facts">
          <div>
            <dt>{t('address')}</dt>
            <dd>{order.address}</dd>
          </div>
          <div>
            <dt>{t('submitted')}</dt>
            <dd>
              <time dateTime={order.submitted_at}>{formatDate(order.submitted_at, locale)}</time>
            </dd>
          </div>
        </dl>
        {schedule && <p className="work-order-schedule">{t('workOrders:scheduled', scheduleValues(schedule, locale))}</p>}
        {order.quoteId != null && (
          <p>
            <Link to={customerPages.quote.href(order.quoteId)}>{t('fromQuote', { id: order.quoteId })}</Link>
          </p>
        )}
        <div className="actions">
          {isCancellable(order.status) && (
            <button type="button" className="button danger" onClick={() => setConfirming(true)}>
              {t('workOrders:cancel')}
            </button>
          )}
          <DownloadSummaryButton order={order} />
        </div>
      </section>

      {detail.photos && detail.photos.length > 0 && (
        <section className="section" aria-labelledby="photos-title">
          <h2 id="photos-title">{t('photos.title')}</h2>
          <PhotoGallery
            photos={detail.photos}
            urls={customerPhotoUrls}
            label={t('photos.title')}
            alt={(n, total) => t('photos.alt', { n, total })}
          />
        </section>
      )}

      <section className="section" aria-labelledby="history-title">
        <h2 id="history-title">{t('timeline.title')}</h2>
        {timeline.length === 0 ? (
          <p className="muted">{t('timeline.empty')}</p>
        ) : (
          <ol className="customer-timeline">
            {timeline.map((event) => (
              <li key={event.id}>
                <time dateTime={event.at} className="muted">
                  {formatDateTime(event.at, locale)}
                </time>
                <EventText event={event} fromQuote={detail.sentAsRequest ? null : (order.quoteId ?? null)} />
              </li>
            ))}
          </ol>
        )}
      </section>

      {confirming && (
        <CancelOrderDialog
          order={order}
          onClose={() => setConfirming(false)}
          onCancelled={() => {
            setConfirming(false);
            onCancelled();
            void queryClient.invalidateQueries({ queryKey: queryKeys.workOrders.detail(order.id) });
          }}
        />
      )}
    </>
  );
}

/** One entry of the history; an order the office made from the customer's approved quote was not "submitted" by them. */
function EventText({ event, fromQuote }: { event: CustomerWorkOrderEvent; fromQuote: number | null }) {
  const { t } = useTranslation('workOrder');
  const locale = useLocale();
  const status = (value: string | null) => (value ? t(`common:status.${value}`, { defaultValue: value }) : '');
  switch (event.kind) {
    case 'created':
      return <p>{fromQuote === null ? t('timeline.created') : t('timeline.createdFromQuote', { id: fromQuote })}</p>;
    case 'status':
      return (
        <>
          <p>{t('timeline.status', { status: status(event.toStatus) })}</p>
          {event.body && <p className="timeline-body">{t('timeline.reason', { reason: event.body })}</p>}
        </>
      );
    case 'schedule':
      return <p>{event.schedule ? t('workOrders:scheduled', scheduleValues(event.schedule, locale)) : t('timeline.unscheduled')}</p>;
    case 'note':
      return (
        <>
          <p>{t('timeline.note')}</p>
          <p className="timeline-body">{event.body}</p>
        </>
      );
  }
}
