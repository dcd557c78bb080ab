import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkOrder } from '../../../../contracts/customer/work-orders';
import { Modal } from '../../../shared/components/Modal';
import { useCancelWorkOrder } from './api/cancel-work-order';

interface CancelOrderDialogProps {
  order: WorkOrder;
  onClose: () => void;
  /** After the server has cancelled the order (the lists are already updated). */
  onCancelled: (order: WorkOrder) => void;
}

/**
 * "Cancel Work Order #{id}?": the safe choice (keep) has the focus. On error the dialog closes,
 * nothing changes and no message is shown (spec); the failure goes to the console.
 */
export function CancelOrderDialog({ order, onClose, onCancelled }: CancelOrderDialogProps) {
  const { t } = useTranslation('workOrders');
  const cancel = useCancelWorkOrder();
  const bodyId = useId();

  const confirm = () =>
    cancel.mutate(order.id, {
      onSuccess: (updated) => onCancelled(updated),
      onError: (err) => {
        console.error(`Work order ${order.id} could not be cancelled:`, err);
        onClose();
      },
    });

  return (
    <Modal
      title={t('confirm.title', { id: order.id })}
      onClose={() => !cancel.isPending && onClose()}
      role="alertdialog"
      describedBy={bodyId}
    >
      <p id={bodyId} className="cancel-dialog-body">
        {t('confirm.body')}
      </p>
      <div className="modal-footer">
        <button type="button" className="button secondary" data-autofocus disabled={cancel.isPending} onClick={onClose}>
          {t('confirm.keep')}
        </button>
        <button type="button" className="button danger" disabled={cancel.isPending} aria-busy={cancel.isPending} onClick={confirm}>
          {cancel.isPending ? t('confirm.cancelling') : t('confirm.confirm')}
        </button>
      </div>
    </Modal>
  );
}
