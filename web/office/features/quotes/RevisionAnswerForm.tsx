import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REVISION_ANSWER_MAX } from '../../../../contracts/office/quotes';
import { FormMessage } from '../../../shared/components/FormMessage';
import { useAnswerRevision } from './api/quote-actions';
import { quoteErrorText } from './quote-errors';

/**
 * 'Answer' on a revision request the office cannot answer with a new version (an Approved quote,
 * until change orders exist): the customer reads the answer on the quote; the Inbox entry closes.
 */
export function RevisionAnswerForm({ quoteId, requestId }: { quoteId: number; requestId: number }) {
  const { t } = useTranslation('quotes');
  const answer = useAnswerRevision(quoteId);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const fieldId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (answer.isPending) return;
    if (!text.trim()) {
      setMissing(true);
      return;
    }
    answer.mutate({ requestId, answer: text });
  };

  return (
    <form className="form revision-answer-form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={fieldId}>{t('answer.label')}</label>
        <textarea
          id={fieldId}
          rows={3}
          maxLength={REVISION_ANSWER_MAX}
          value={text}
          aria-invalid={missing || undefined}
          aria-describedby={`${fieldId}-hint${missing ? ` ${fieldId}-error` : ''}`}
          onChange={(e) => {
            setText(e.target.value);
            setMissing(false);
          }}
        />
        <small id={`${fieldId}-hint`} className="hint">
          {t('answer.hint')}
        </small>
        {missing && (
          <small id={`${fieldId}-error`} className="field-error" role="alert">
            {t('answer.required')}
          </small>
        )}
      </div>
      <FormMessage kind="error">{answer.isError ? quoteErrorText(t, answer.error) : null}</FormMessage>
      <div className="actions">
        <button type="submit" className="button primary" aria-disabled={answer.isPending} aria-busy={answer.isPending}>
          {t('answer.send')}
        </button>
      </div>
    </form>
  );
}
