import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REVISION_MESSAGE_MAX_LENGTH, type Quote } from '../../../../contracts/customer/quotes';
import { FormMessage } from '../../../shared/components/FormMessage';
import { Modal } from '../../../shared/components/Modal';
import { useRequestRevision } from './api/request-revision';

interface RevisionDialogProps {
  quote: Quote;
  onClose: () => void;
  /** Called once the request is stored and the e-mail queued; the dialog is then closed by the parent. */
  onSubmitted: () => void;
}

/**
 * 'Request Revision for Quote #{id}'. Blank text: Submit does nothing (spec). Failure keeps the
 * text and says 'Failed to submit request.'; success clears it and hands over to the page.
 */
export function RevisionDialog({ quote, onClose, onSubmitted }: RevisionDialogProps) {
  const { t } = useTranslation('quotes');
  const textId = useId();
  const aboutId = useId();
  const [message, setMessage] = useState('');
  const revision = useRequestRevision();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim() || revision.isPending) return;
    revision.mutate(
      { quoteId: quote.id, message },
      {
        onSuccess: () => {
          setMessage('');
          onSubmitted();
        },
      },
    );
  };

  return (
    <Modal title={t('revision.title', { id: quote.id })} onClose={onClose} describedBy={quote.description ? aboutId : undefined}>
      <form className="form" onSubmit={onSubmit} noValidate>
        {/* Which quote this is about, in words: the number alone is easy to mix up. */}
        {quote.description && (
          <p id={aboutId} className="revision-about">
            {quote.description}
          </p>
        )}
        <div className="field">
          <label htmlFor={textId}>{t('revision.label')}</label>
          <textarea
            id={textId}
            data-autofocus
            value={message}
            maxLength={REVISION_MESSAGE_MAX_LENGTH}
            placeholder={t('revision.placeholder')}
            onChange={(e) => setMessage(e.target.value)}
          />
        </div>
        {revision.isError && <FormMessage kind="error">{t('revision.failed')}</FormMessage>}
        <div className="modal-footer">
          <button type="button" className="button secondary" onClick={onClose}>
            {t('revision.cancel')}
          </button>
          <button type="submit" className="button primary" aria-disabled={revision.isPending}>
            {revision.isPending ? t('revision.submitting') : t('revision.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
