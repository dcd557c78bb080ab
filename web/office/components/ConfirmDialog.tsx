import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../shared/components/Modal';

interface ConfirmDialogProps {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  busy: boolean;
  error?: string | null;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A question before an action that cannot be taken back quietly; the safe choice (Cancel) has the focus. */
export function ConfirmDialog({ title, body, confirmLabel, busy, error, danger = false, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const bodyId = useId();
  return (
    <Modal title={title} role="alertdialog" describedBy={bodyId} onClose={() => !busy && onClose()}>
      <div id={bodyId}>{body}</div>
      {error && (
        <p className="form-message error" role="alert">
          {error}
        </p>
      )}
      <div className="modal-footer">
        <button type="button" className="button secondary" data-autofocus disabled={busy} onClick={onClose}>
          {t('cancel')}
        </button>
        <button type="button" className={danger ? 'button danger' : 'button primary'} disabled={busy} aria-busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
