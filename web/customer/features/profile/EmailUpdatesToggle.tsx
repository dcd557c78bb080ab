import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../shared/components/FormMessage';
import { useSetEmailUpdates } from './api/update-profile';

/** 'E-mail me about updates' (on by default): saved as soon as it is ticked, with a confirmation or an error. */
export function EmailUpdatesToggle({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('profile');
  const id = useId();
  const save = useSetEmailUpdates();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string }>();
  // What the customer just chose, set in the click's own render: the mutation's pending state arrives a
  // moment later, and a controlled switch bound only to it would spring back and forth in between.
  const [chosen, setChosen] = useState<boolean | null>(null);
  // Once the cached profile changes (the answer, or a later read), it alone says what is on.
  const [seen, setSeen] = useState(enabled);
  if (seen !== enabled) {
    setSeen(enabled);
    setChosen(null);
  }

  const onChange = (next: boolean) => {
    setMessage(undefined);
    setChosen(next);
    save.mutate(next, {
      onSuccess: ({ emailUpdates }) => {
        setChosen(emailUpdates);
        setMessage({ kind: 'success', text: t(emailUpdates ? 'updates.on' : 'updates.off') });
      },
      onError: (err) => {
        console.error('E-mail updates could not be saved:', err);
        setChosen(null); // the switch as it was
        setMessage({ kind: 'error', text: t('updates.failed') });
      },
    });
  };

  return (
    <section className="card profile-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('updates.title')}</h2>
      <div className="toggle-row">
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="toggle"
          checked={chosen ?? enabled}
          disabled={save.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>{t('updates.label')}</label>
      </div>
      <p id={`${id}-hint`} className="hint">
        {t('updates.hint')}
      </p>
      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
    </section>
  );
}
