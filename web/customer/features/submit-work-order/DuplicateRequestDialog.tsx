import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WorkOrder } from '../../../../contracts/customer/work-orders';
import { Modal } from '../../../shared/components/Modal';
import { customerPages } from '../../../../contracts/pages';

interface DuplicateRequestDialogProps {
  /** The order the request about to be sent repeats. */
  order: WorkOrder;
  /** True while the request is sent anyway: both buttons wait, Escape does nothing. */
  sending: boolean;
  onSendAnyway: () => void;
  /** Cancel, Escape: nothing is sent and the form keeps what was typed. */
  onCancel: () => void;
}

/**
 * "This looks like a request you already sent a few minutes ago": names that order (a link to its
 * page) and offers 'Send anyway' or 'Cancel'. Cancel, the safe choice, has the focus.
 */
export function DuplicateRequestDialog({ order, sending, onSendAnyway, onCancel }: DuplicateRequestDialogProps) {
  const { t } = useTranslation('submitWorkOrder');
  const bodyId = useId();
  return (
    <Modal title={t('duplicate.title')} onClose={() => !sending && onCancel()} describedBy={bodyId}>
      <p id={bodyId} className="duplicate-body">
        {t('duplicate.body')}{' '}
        <Link to={customerPages.workOrder.href(order.id)} className="duplicate-order">
          {t('orderLink', { id: order.id })}
        </Link>
      </p>
      <div className="modal-footer">
        <button type="button" className="button secondary" data-autofocus disabled={sending} onClick={onCancel}>
          {t('duplicate.cancel')}
        </button>
        <button type="button" className="button primary" disabled={sending} aria-busy={sending} onClick={onSendAnyway}>
          {sending ? t('submitting') : t('duplicate.sendAnyway')}
        </button>
      </div>
    </Modal>
  );
}
