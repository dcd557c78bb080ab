import { useTranslation } from 'react-i18next';
import type { OfficeWorkOrder } from '../../../../contracts/office/work-orders';
import { toLocal } from '../../../../domain/work-orders/schedule';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useLocale } from '../../../shared/i18n/use-locale';
import { actionError } from './action-error';
import type { useChangeStatus } from './api/work-order';
import { scheduleValues } from '../../../shared/schedule-text';

/** True while the visit's day (in the company's zone) is still ahead: completing now is completing early. */
export const visitStillAhead = (schedule: OfficeWorkOrder['schedule'], now: Date = new Date()) =>
  schedule !== null && schedule.date > toLocal(now, schedule.timeZone).date;

/**
 * 'Move to Complete' is final (no way back from Complete), so it asks first. Before the visit's day
 * it says so: the visit will not take place and the customer's calendar event is cancelled.
 */
export function CompleteDialog({
  order,
  change,
  onClose,
  onCompleted,
}: {
  order: OfficeWorkOrder;
  change: ReturnType<typeof useChangeStatus>;
  onClose: () => void;
  onCompleted: () => void;
}) {
  const { t } = useTranslation('workOrder');
  const locale = useLocale();
  const early = visitStillAhead(order.schedule);
  return (
    <ConfirmDialog
      title={t('complete.title', { id: order.id })}
      body={
        <>
          <p>{t('complete.final')}</p>
          {early && order.schedule && (
            <p className="form-message info">
              {t('complete.early', { ...scheduleValues(order.schedule, locale), zone: order.schedule.timeZone })}
            </p>
          )}
        </>
      }
      confirmLabel={change.isPending ? t('saving') : t('complete.confirm')}
      busy={change.isPending}
      error={change.isError ? actionError(t, change.error) : null}
      onConfirm={() => change.mutate({ status: 'Complete', from: order.status }, { onSuccess: onCompleted })}
      onClose={onClose}
    />
  );
}
