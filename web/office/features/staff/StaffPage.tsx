import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffMember } from '../../../../contracts/office/staff';
import { FormMessage } from '../../../shared/components/FormMessage';
import { QueryStatus } from '../../../shared/components/QueryStatus';
import { useOfficeMe } from '../../lib/office-me';
import { useStaff } from './api/list-staff';
import { InviteForm } from './InviteForm';
import { StaffActionDialog } from './StaffActionDialog';
import { StaffMemberCard, type StaffAction } from './StaffMemberCard';

/** 'Staff' (/office/staff, owners only): every office account; invite, suspend and unsuspend, role, a new set-up link. */
export function StaffPage() {
  const { t } = useTranslation('staff');
  const me = useOfficeMe();
  const isOwner = me.data?.role === 'owner';
  const staff = useStaff(isOwner);
  const [pending, setPending] = useState<{ member: StaffMember; action: StaffAction } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  if (me.data && !isOwner) {
    return (
      <>
        <h1>{t('title')}</h1>
        <p className="form-message info">{t('ownersOnly')}</p>
      </>
    );
  }

  return (
    <>
      <h1>{t('title')}</h1>
      <InviteForm />
      <section className="section" aria-labelledby="staff-list-title">
        <h2 id="staff-list-title">{t('listTitle')}</h2>
        <div ref={noticeRef} tabIndex={-1}>
          {notice && <FormMessage kind="success">{notice}</FormMessage>}
        </div>
        <div aria-live="polite">
          <QueryStatus query={staff} ns="staff" logAs="Staff could not be loaded:" />
        </div>
        {staff.data && (
          <ul className="list">
            {staff.data.map((member) => (
              <li key={member.id}>
                <StaffMemberCard member={member} isMe={member.id === me.data?.id} onAction={(action) => setPending({ member, action })} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {pending && (
        <StaffActionDialog
          member={pending.member}
          action={pending.action}
          onClose={() => setPending(null)}
          onDone={(message) => {
            setPending(null);
            setNotice(message);
            // The dialog's opener may be gone (Suspend became Unsuspend): the message takes the focus.
            requestAnimationFrame(() => noticeRef.current?.focus());
          }}
        />
      )}
    </>
  );
}
