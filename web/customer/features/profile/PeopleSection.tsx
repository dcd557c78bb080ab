import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { personRoles, type Person } from '../../../../contracts/customer/people';
import { ApiError } from '../../../shared/api/client';
import { Field } from '../../../shared/components/Field';
import { FormMessage } from '../../../shared/components/FormMessage';
import { Modal } from '../../../shared/components/Modal';
import { formatDate } from '../../../shared/format';
import { currentLanguage } from '../../../shared/i18n/language';
import { useLocale } from '../../../shared/i18n/use-locale';
import { EmailAddress } from '../../components/EmailAddress';
import { peopleQuery } from '../../components/account-role';
import { useLeaveAccount, useInvitePerson, useRemovePerson } from './api/people';

const KNOWN_REFUSALS = ['own_email', 'person_exists', 'has_own_account'];

/**
 * 'People' / 'Personas' (issue 26.4): who else signs in to this account. The owner invites by e-mail
 * with a role and removes (after a confirmation); a person sees the list, their own role, and may leave.
 */
export function PeopleSection() {
  const { t } = useTranslation('profile');
  const id = useId();
  const people = useQuery(peopleQuery());
  const data = people.data;
  return (
    <section className="card profile-section" aria-labelledby={`${id}-title`} data-testid="people-section">
      <h2 id={`${id}-title`}>{t('people.title')}</h2>
      {people.isPending && <p role="status">{t('people.loading')}</p>}
      {people.isError && <FormMessage kind="error">{t('people.loadFailed')}</FormMessage>}
      {data && data.you.role !== 'owner' && <p>{t('people.you', { email: data.you.email, role: t(`people.roles.${data.you.role}`) })}</p>}
      {data && data.you.role === 'owner' && <p className="hint">{t('people.intro')}</p>}
      {data &&
        (data.people.length === 0 ? <p>{t('people.none')}</p> : <PeopleList people={data.people} owner={data.you.role === 'owner'} />)}
      {data?.you.role === 'owner' && <InviteForm />}
      {data && data.you.role !== 'owner' && <LeaveButton />}
    </section>
  );
}

function PeopleList({ people, owner }: { people: Person[]; owner: boolean }) {
  const { t } = useTranslation('profile');
  const locale = useLocale();
  const [removing, setRemoving] = useState<Person | null>(null);
  return (
    <>
      <ul className="people-list">
        {people.map((person) => (
          <li key={person.id} className="people-row">
            <div>
              <strong>{person.name ?? <EmailAddress email={person.email} />}</strong>
              {person.name && (
                <>
                  {' '}
                  <EmailAddress email={person.email} />
                </>
              )}
              <div className="hint">
                {t(`people.roles.${person.role}`)} ·{' '}
                {person.joinedAt
                  ? t('people.joinedOn', { date: formatDate(person.joinedAt, locale) })
                  : t('people.invitedOn', { date: formatDate(person.invitedAt, locale) })}
              </div>
            </div>
            {owner && (
              <button type="button" className="button secondary" aria-haspopup="dialog" onClick={() => setRemoving(person)}>
                {t('people.remove')}
                <span className="visually-hidden"> {person.email}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {removing && <RemoveDialog person={removing} onClose={() => setRemoving(null)} />}
    </>
  );
}

function RemoveDialog({ person, onClose }: { person: Person; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const remove = useRemovePerson();
  const bodyId = useId();
  return (
    <Modal title={t('people.removeTitle', { email: person.email })} onClose={onClose} role="alertdialog" describedBy={bodyId}>
      <p id={bodyId}>{t('people.removeBody')}</p>
      {remove.isError && <FormMessage kind="error">{t('people.failed')}</FormMessage>}
      <div className="actions">
        <button type="button" className="button secondary" data-autofocus onClick={onClose}>
          {t('people.cancel')}
        </button>
        <button
          type="button"
          className="button danger"
          disabled={remove.isPending}
          onClick={() => remove.mutate(person.id, { onSuccess: onClose, onError: (err) => console.error('removing a person failed', err) })}
        >
          {t('people.confirmRemove')}
        </button>
      </div>
    </Modal>
  );
}

function InviteForm() {
  const { t } = useTranslation('profile');
  const invite = useInvitePerson();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<(typeof personRoles)[number]>('view_only');
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string }>();
  const roleName = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(undefined);
    invite.mutate(
      { email, role, locale: currentLanguage() },
      {
        onSuccess: () => {
          setMessage({ kind: 'success', text: t('people.sent', { email: email.trim().toLowerCase() }) });
          setEmail('');
        },
        onError: (err) => {
          const code = err instanceof ApiError ? err.code : '';
          if (!KNOWN_REFUSALS.includes(code)) console.error('inviting a person failed', err);
          setMessage({ kind: 'error', text: t(KNOWN_REFUSALS.includes(code) ? `people.errors.${code}` : 'people.failed') });
        },
      },
    );
  };

  return (
    <form className="form people-invite" onSubmit={onSubmit}>
      <h3>{t('people.invite')}</h3>
      <Field
        label={t('people.email')}
        type="email"
        name="email"
        autoComplete="off"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <fieldset className="people-roles">
        <legend>{t('people.role')}</legend>
        {personRoles.map((value) => (
          <label key={value} className="radio">
            <input type="radio" name={roleName} value={value} checked={role === value} onChange={() => setRole(value)} />{' '}
            {t(`people.roles.${value}`)}
          </label>
        ))}
      </fieldset>
      <FormMessage kind={message?.kind ?? 'success'}>{message?.text}</FormMessage>
      <button type="submit" className="button primary" disabled={invite.isPending}>
        {invite.isPending ? t('people.sending') : t('people.send')}
      </button>
    </form>
  );
}

function LeaveButton() {
  const { t } = useTranslation('profile');
  const leave = useLeaveAccount();
  const [asking, setAsking] = useState(false);
  const bodyId = useId();
  return (
    <>
      <div className="actions">
        <button type="button" className="button secondary" aria-haspopup="dialog" onClick={() => setAsking(true)}>
          {t('people.leave')}
        </button>
      </div>
      {asking && (
        <Modal title={t('people.leave')} onClose={() => setAsking(false)} role="alertdialog" describedBy={bodyId}>
          <p id={bodyId}>{t('people.leaveBody')}</p>
          {leave.isError && <FormMessage kind="error">{t('people.failed')}</FormMessage>}
          <div className="actions">
            <button type="button" className="button secondary" data-autofocus onClick={() => setAsking(false)}>
              {t('people.cancel')}
            </button>
            <button
              type="button"
              className="button danger"
              disabled={leave.isPending}
              // The sign-in has ended: a fresh page load lands on the login.
              onClick={() =>
                leave.mutate(undefined, {
                  onSuccess: () => window.location.assign('/login'),
                  onError: (err) => console.error('leaving failed', err),
                })
              }
            >
              {t('people.leave')}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
