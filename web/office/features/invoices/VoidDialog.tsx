import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../shared/components/Modal';
import { useVoidInvoice, type OfficeInvoice } from './api/invoices';
import { invoiceName, VOID_REASON_MAX } from './invoice-view';
import { invoiceErrorText } from './invoice-errors';

/** 'Void' asks for the reason (required, focused first: typing it changes nothing) and says it cannot be undone. */
export function VoidDialog({ invoice, onClose, onDone }: { invoice: OfficeInvoice; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('invoices');
  const { t: common } = useTranslation();
  const voiding = useVoidInvoice(invoice.id);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const bodyId = useId();
  const reasonId = useId();
  const busy = voiding.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      document.getElementById(reasonId)?.focus();
      return;
    }
    voiding.mutate({ reason: reason.trim() }, { onSuccess: onDone });
  };

  return (
    <Modal
      title={t('void.title', { number: invoiceName(t, invoice) })}
      role="alertdialog"
      describedBy={bodyId}
      onClose={() => !busy && onClose()}
    >
      <form onSubmit={submit} noValidate>
        <p id={bodyId}>{t('void.body')}</p>
        <div className="field">
          <label htmlFor={reasonId}>{t('void.reason')}</label>
          <textarea
            id={reasonId}
            data-autofocus
            rows={3}
            required
            maxLength={VOID_REASON_MAX}
            value={reason}
            disabled={busy}
            aria-invalid={missing || undefined}
            aria-describedby={`${reasonId}-hint${missing ? ` ${reasonId}-error` : ''}`}
            onChange={(e) => {
              setReason(e.target.value);
              if (e.target.value.trim()) setMissing(false);
            }}
          />
          <small id={`${reasonId}-hint`} className="hint">
            {t('void.reasonHint')}
          </small>
          {missing && (
            <p id={`${reasonId}-error`} className="field-error">
              {t('void.reasonRequired')}
            </p>
          )}
        </div>
        {voiding.isError && (
          <p className="form-message error" role="alert">
            {invoiceErrorText(t, voiding.error)}
          </p>
        )}
        <div className="modal-footer">
          <button type="button" className="button secondary" disabled={busy} onClick={onClose}>
            {common('cancel')}
          </button>
          <button type="submit" className="button danger" disabled={busy} aria-busy={busy}>
            {busy ? t('void.voiding') : t('void.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
