import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DECLINE_REASON_MAX_LENGTH, type QuoteDetail } from '../../../../contracts/customer/quotes';
import type { QuoteVersionView } from '../../../../contracts/quote-document';
import { FormMessage } from '../../../shared/components/FormMessage';
import { Modal } from '../../../shared/components/Modal';
import { refusal, useDecideQuote } from './api/decide-quote';

interface DeclineDialogProps {
  quote: QuoteDetail & { version: QuoteVersionView };
  onClose: () => void;
  onDone: (result: 'declined' | 'changed' | 'expired') => void;
}

/** 'Decline Quote #{id}' with 'Reason (optional)' and 'Decline quote'. */
export function DeclineDialog({ quote, onClose, onDone }: DeclineDialogProps) {
  const { t } = useTranslation('quotesDetail');
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const decide = useDecideQuote();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (decide.isPending) return;
    decide.mutate(
      { quoteId: quote.id, kind: 'decline', body: { version: quote.version.version, reason: reason.trim() || undefined } },
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
    <Modal title={t('decline.title', { id: quote.id })} onClose={onClose}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={reasonId}>{t('decline.reason')}</label>
          <textarea
            id={reasonId}
            data-autofocus
            value={reason}
            maxLength={DECLINE_REASON_MAX_LENGTH}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        {decide.isError && !refusal(decide.error) && <FormMessage kind="error">{t('decideFailed')}</FormMessage>}
        <div className="modal-footer">
          <button type="button" className="button secondary" onClick={onClose}>
            {t('decline.cancel')}
          </button>
          <button type="submit" className="button primary" aria-disabled={decide.isPending}>
            {decide.isPending ? t('decline.submitting') : t('decline.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
