import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTE_MAX } from '../../../../contracts/office/work-orders';
import { FormMessage } from '../../../shared/components/FormMessage';
import { actionError } from './action-error';
import { useAddNote } from './api/work-order';

/** A note: internal (staff only) unless 'Visible to customer' is ticked. */
export function NoteForm({ id }: { id: number }) {
  const { t } = useTranslation('workOrder');
  const add = useAddNote(id);
  const [body, setBody] = useState('');
  const [visible, setVisible] = useState(false);
  const [missing, setMissing] = useState(false);
  const [added, setAdded] = useState<'internal' | 'visible' | null>(null);
  const bodyId = useId();
  const visibleId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The button stays enabled (aria-disabled) while saving, so focus stays on it; a second press waits.
    if (add.isPending) return;
    setAdded(null);
    if (!body.trim()) {
      setMissing(true);
      return;
    }
    add.mutate(
      { body, visibleToCustomer: visible },
      {
        onSuccess: () => {
          setAdded(visible ? 'visible' : 'internal');
          setBody('');
          setVisible(false);
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={bodyId}>{t('notes.body')}</label>
        <textarea
          id={bodyId}
          rows={3}
          maxLength={NOTE_MAX}
          value={body}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${bodyId}-error` : undefined}
          onChange={(e) => {
            setBody(e.target.value);
            setMissing(false);
          }}
        />
        {missing && (
          <small id={`${bodyId}-error`} className="field-error" role="alert">
            {t('notes.required')}
          </small>
        )}
      </div>
      <div className="checkbox-field">
        <input id={visibleId} type="checkbox" checked={visible} onChange={(e) => setVisible(e.target.checked)} />
        <label htmlFor={visibleId}>{t('notes.visible')}</label>
      </div>
      <p className="hint">{visible ? t('notes.visibleHint') : t('notes.internalHint')}</p>
      <FormMessage kind="error">{add.isError ? actionError(t, add.error) : null}</FormMessage>
      {added && <FormMessage kind="success">{added === 'visible' ? t('notes.addedVisible') : t('notes.addedInternal')}</FormMessage>}
      <div className="actions">
        <button type="submit" className="button primary" aria-disabled={add.isPending} aria-busy={add.isPending}>
          {add.isPending ? t('saving') : t('notes.add')}
        </button>
      </div>
    </form>
  );
}
