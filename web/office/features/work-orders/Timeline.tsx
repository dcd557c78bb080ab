import { useTranslation } from 'react-i18next';
import type { OfficeWorkOrder, OfficeWorkOrderEvent } from '../../../../contracts/office/work-orders';
import { formatDateTime } from '../../../shared/format';
import { useLocale } from '../../../shared/i18n/use-locale';
import { scheduleValues } from '../../../shared/schedule-text';

/** Every event of the order, oldest first: status changes, schedules, notes (internal ones marked), who and when. */
export function Timeline({ order }: { order: OfficeWorkOrder }) {
  const { t } = useTranslation('workOrder');
  const locale = useLocale();
  if (order.timeline.length === 0) return <p className="muted">{t('timeline.empty')}</p>;
  return (
    <ol className="timeline" aria-label={t('timeline.title')}>
      {order.timeline.map((event) => (
        <li key={event.id} className={event.kind === 'note' && !event.visibleToCustomer ? 'timeline-item internal' : 'timeline-item'}>
          <p className="timeline-meta">
            <time dateTime={event.at}>{formatDateTime(event.at, locale)}</time>
            {' · '}
            <Actor event={event} customerEmail={order.customer.email} />
            {event.kind === 'note' && (
              <span className={event.visibleToCustomer ? 'tag visible' : 'tag internal'}>
                {event.visibleToCustomer ? t('timeline.visible') : t('timeline.internal')}
              </span>
            )}
          </p>
          <EventText event={event} />
        </li>
      ))}
    </ol>
  );
}

function Actor({ event, customerEmail }: { event: OfficeWorkOrderEvent; customerEmail: string }) {
  const { t } = useTranslation('workOrder');
  if (!event.actorEmail) return <span>{t('timeline.noActor')}</span>;
  // By name, as people speak of each other; the e-mail (unique) is the tooltip.
  const who = event.actorName?.trim() || event.actorEmail;
  if (event.actorEmail.toLowerCase() === customerEmail.toLowerCase())
    return <span title={event.actorEmail}>{t('timeline.byCustomer', { who })}</span>;
  return <span title={event.actorEmail}>{t('timeline.by', { who })}</span>;
}

function EventText({ event }: { event: OfficeWorkOrderEvent }) {
  const { t } = useTranslation('workOrder');
  const locale = useLocale();
  const status = (value: string | null) => (value ? t(`common:status.${value}`, { defaultValue: value }) : '');
  switch (event.kind) {
    case 'created':
      return <p className="timeline-text">{t('timeline.created')}</p>;
    case 'status':
      return (
        <>
          <p className="timeline-text">
            {event.fromStatus
              ? t('timeline.status', { from: status(event.fromStatus), to: status(event.toStatus) })
              : t('timeline.statusSet', { to: status(event.toStatus) })}
          </p>
          {event.body && <p className="timeline-body">{t('timeline.reason', { reason: event.body })}</p>}
        </>
      );
    case 'schedule':
      return (
        <p className="timeline-text">
          {event.schedule
            ? t('timeline.scheduled', { ...scheduleValues(event.schedule, locale), zone: event.schedule.timeZone })
            : t('timeline.unscheduled')}
        </p>
      );
    case 'note':
      return <p className="timeline-body">{event.body}</p>;
    default:
      return (
        <>
          <p className="timeline-text">{event.kind}</p>
          {event.body && <p className="timeline-body">{event.body}</p>}
        </>
      );
  }
}
