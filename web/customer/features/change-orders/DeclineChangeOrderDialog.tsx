import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChangeOrderView } from '../../../../contracts/change-order-document';
import { CHANGE_ORDER_DECLINE_REASON_MAX } from '../../../../contracts/customer/change-orders';
import { FormMessage } from '../../../shared/components/FormMessage';
import { Modal } from '../../../shared/components/Modal';
import { refusal, useAnswerChangeOrder, type Refusal } from './api/change-orders';

interface Props {
  order: ChangeOrderView;
  onClose: () => void;
  onDone: (result: 'declined' | Refusal) => void;
}

/** 'Decline Change Order {n} to Quote #{id}' with its reason (required). */
export function DeclineChangeOrderDialog({ order, onClose, onDone }: Props) {
  const { t } = useTranslation('changeOrders');
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const answer = useAnswerChangeOrder();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (answer.isPending) return;
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    answer.mutate(
      { id: order.id, kind: 'decline', body: { reason: reason.trim() } },
      {
        onSuccess: () => onDone('declined'),
        onError: (error) => {
          const why = refusal(error);
          if (why) onDone(why);
        },
      },
    );
  };

  return (
    <Modal title={t('decline.title', { n: order.number, id: order.quoteId })} onClose={onClose}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={reasonId}>{t('decline.reason')}</label>
          <textarea
            id={reasonId}
            data-autofocus
            value={reason}
            aria-invalid={missing || undefined}
            maxLength={CHANGE_ORDER_DECLINE_REASON_MAX}
            onChange={(e) => {
              setReason(e.target.value);
              if (e.target.value.trim()) setMissing(false);
            }}
          />
        </div>
        {missing && <FormMessage kind="error">{t('decline.reasonRequired')}</FormMessage>}
        {answer.isError && !refusal(answer.error) && <FormMessage kind="error">{t('answerFailed')}</FormMessage>}
        <div className="modal-footer">
          <button type="button" className="button secondary" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="button primary" aria-disabled={answer.isPending}>
            {answer.isPending ? t('decline.submitting') : t('decline.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
