import { useTranslation } from 'react-i18next';
import type { StaffMember } from '../../../../contracts/office/staff';

export type StaffAction = 'suspend' | 'unsuspend' | 'role' | 'setupLink';

/** One office account: who, role, state, and what an owner can do with it (nothing with their own). */
export function StaffMemberCard({
  member,
  isMe,
  onAction,
}: {
  member: StaffMember;
  isMe: boolean;
  onAction: (action: StaffAction) => void;
}) {
  const { t } = useTranslation('staff');
  const headingId = `staff-${member.id}`;
  const state = member.suspended ? 'suspended' : member.setUp ? 'active' : 'pending';
  return (
    <article className="card row-card" aria-labelledby={headingId}>
      <div className="row-main">
        <h2 id={headingId}>
          {member.name} {isMe && <span className="muted">({t('you')})</span>}
        </h2>
        <dl className="facts">
          <div>
            <dt>{t('email')}</dt>
            <dd>{member.email}</dd>
          </div>
          <div>
            <dt>{t('role')}</dt>
            <dd>{t(`common:roles.${member.role}`)}</dd>
          </div>
        </dl>
      </div>
      <span className={`badge ${state === 'active' ? 'green' : state === 'suspended' ? 'red' : 'yellow'}`}>{t(`state.${state}`)}</span>
      {!isMe && (
        <div className="actions" role="group" aria-labelledby={headingId}>
          <button type="button" className="button secondary" onClick={() => onAction('role')}>
            {member.role === 'owner' ? t('makeStaff') : t('makeOwner')}
          </button>
          <button type="button" className="button secondary" onClick={() => onAction('setupLink')}>
            {t('setupLink.open')}
          </button>
          {member.suspended ? (
            <button type="button" className="button secondary" onClick={() => onAction('unsuspend')}>
              {t('unsuspend.open')}
            </button>
          ) : (
            <button type="button" className="button danger" onClick={() => onAction('suspend')}>
              {t('suspend.open')}
            </button>
          )}
        </div>
      )}
    </article>
  );
}
