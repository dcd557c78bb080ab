import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CANCEL_REASON_MAX, type OfficeWorkOrder } from '../../../../contracts/office/work-orders';
import type { WorkOrderStatus } from '../../../../domain/work-orders';
import { FormMessage } from '../../../shared/components/FormMessage';
import { Modal } from '../../../shared/components/Modal';
import { StatusBadge } from '../../../shared/components/StatusBadge';
import { actionError } from './action-error';
import { useChangeStatus } from './api/work-order';
import { CompleteDialog } from './CompleteDialog';

/**
 * The moves staff may make now (the server's nextStatuses: Pending -> In Progress -> Complete, or
 * Cancelled with a reason). The status the page showed goes with the change, so a change made
 * meanwhile (another person, the customer's cancel) is refused instead of overwritten. Complete and
 * Cancelled are final, so each asks first in a dialog.
 */
export function StatusActions({ order }: { order: OfficeWorkOrder }) {
  const { t } = useTranslation('workOrder');
  const change = useChangeStatus(order.id);
  const [cancelling, setCancelling] = useState(false);
  const [completing, setCompleting] = useState(false);
  const moves = order.nextStatuses.filter((status) => status !== 'Cancelled');
  const canCancel = order.nextStatuses.includes('Cancelled');
  const nowRef = useRef<HTMLParagraphElement>(null);
  const [focusNow, setFocusNow] = useState(false);

  // The button pressed is gone once the status changed (and the dialog gave focus back to its opener):
  // focus lands on the new status, after the dialog has closed.
  useEffect(() => {
    if (!focusNow) return;
    nowRef.current?.focus();
    setFocusNow(false);
  }, [focusNow]);

  const now = (
    <p ref={nowRef} tabIndex={-1} className="status-now">
      {t('status.current')} <StatusBadge status={order.status} domain="workOrder" />
    </p>
  );

  // A refusal stays on screen after the page has refetched the order (e.g. the customer cancelled it meanwhile).
  const failure = (
    <FormMessage kind="error">{change.isError && !cancelling && !completing ? actionError(t, change.error) : null}</FormMessage>
  );
  if (order.nextStatuses.length === 0) {
    return (
      <>
        {now}
        {failure}
        <p className="muted">{t('status.final')}</p>
      </>
    );
  }

  const move = (status: WorkOrderStatus) => {
    if (status !== 'Complete') return change.mutate({ status, from: order.status }, { onSuccess: () => setFocusNow(true) });
    change.reset();
    setCompleting(true);
  };

  return (
    <>
      {now}
      <div className="actions">
        {moves.map((status) => (
          <button key={status} type="button" className="button primary" disabled={change.isPending} onClick={() => move(status)}>
            {t('status.moveTo', { status: t(`common:status.${status}`) })}
          </button>
        ))}
        {canCancel && (
          <button
            type="button"
            className="button danger"
            disabled={change.isPending}
            onClick={() => {
              change.reset();
              setCancelling(true);
            }}
          >
            {t('status.cancel')}
          </button>
        )}
      </div>
      {failure}
      {completing && (
        <CompleteDialog
          order={order}
          change={change}
          onClose={() => setCompleting(false)}
          onCompleted={() => {
            setCompleting(false);
            setFocusNow(true);
          }}
        />
      )}
      {cancelling && (
        <CancelDialog
          order={order}
          change={change}
          onClose={() => setCancelling(false)}
          onCancelled={() => {
            setCancelling(false);
            setFocusNow(true);
          }}
        />
      )}
    </>
  );
}

function CancelDialog({
  order,
  change,
  onClose,
  onCancelled,
}: {
  order: OfficeWorkOrder;
  change: ReturnType<typeof useChangeStatus>;
  onClose: () => void;
  onCancelled: () => void;
}) {
  const { t } = useTranslation('workOrder');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const reasonId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    change.mutate({ status: 'Cancelled', reason: reason.trim(), from: order.status }, { onSuccess: onCancelled });
  };

  return (
    <Modal title={t('cancel.title', { id: order.id })} onClose={() => !change.isPending && onClose()}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={reasonId}>{t('cancel.reason')}</label>
          <textarea
            id={reasonId}
            rows={4}
            maxLength={CANCEL_REASON_MAX}
            value={reason}
            required
            aria-invalid={missing || undefined}
            aria-describedby={`${reasonId}-hint${missing ? ` ${reasonId}-error` : ''}`}
            onChange={(e) => {
              setReason(e.target.value);
              setMissing(false);
            }}
            data-autofocus
          />
          <small id={`${reasonId}-hint`} className="hint">
            {t('cancel.hint')}
          </small>
          {missing && (
            <small id={`${reasonId}-error`} className="field-error" role="alert">
              {t('cancel.required')}
            </small>
          )}
        </div>
        <FormMessage kind="error">{change.isError ? actionError(t, change.error) : null}</FormMessage>
        <div className="modal-footer">
          <button type="button" className="button secondary" disabled={change.isPending} onClick={onClose}>
            {t('cancel.keep')}
          </button>
          <button type="submit" className="button danger" disabled={change.isPending} aria-busy={change.isPending}>
            {change.isPending ? t('saving') : t('cancel.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
