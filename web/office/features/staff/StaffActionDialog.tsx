import { useTranslation } from 'react-i18next';
import type { StaffMember } from '../../../../contracts/office/staff';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorText } from '../../lib/error-text';
import { useResendStaffSetup } from './api/resend-staff-setup';
import { useSetStaffRole } from './api/set-staff-role';
import { useSuspendStaffMember } from './api/suspend-staff';
import { useUnsuspendStaffMember } from './api/unsuspend-staff';
import type { StaffAction } from './StaffMemberCard';

/** The question before each staff action, and the action; `onDone` gets the sentence that says what happened. */
export function StaffActionDialog({
  member,
  action,
  onClose,
  onDone,
}: {
  member: StaffMember;
  action: StaffAction;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('staff');
  const suspend = useSuspendStaffMember();
  const unsuspend = useUnsuspendStaffMember();
  const setRole = useSetStaffRole();
  const setupLink = useResendStaffSetup();
  const newRole = member.role === 'owner' ? 'staff' : 'owner';
  const who = { name: member.name, email: member.email, role: t(`common:roles.${newRole}`) };

  const { mutation, run, key } = {
    suspend: { mutation: suspend, run: () => suspend.mutateAsync(member.id), key: 'suspend' },
    unsuspend: { mutation: unsuspend, run: () => unsuspend.mutateAsync(member.id), key: 'unsuspend' },
    role: { mutation: setRole, run: () => setRole.mutateAsync({ id: member.id, role: newRole }), key: 'roleChange' },
    setupLink: { mutation: setupLink, run: () => setupLink.mutateAsync(member.id), key: 'setupLink' },
  }[action];

  const confirm = () =>
    run().then(
      () => onDone(t(`${key}.done`, who)),
      (err: unknown) => console.error(`staff ${action} failed for ${member.id}:`, err),
    );

  return (
    <ConfirmDialog
      title={t(`${key}.title`, who)}
      body={<p>{t(`${key}.body`, who)}</p>}
      confirmLabel={t(`${key}.confirm`, who)}
      danger={action === 'suspend'}
      busy={mutation.isPending}
      error={mutation.isError ? errorText(t, mutation.error) : null}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
