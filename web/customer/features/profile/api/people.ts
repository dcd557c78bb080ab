import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitePerson, leaveAccount, removePerson, type InvitePersonInput, type People } from '../../../../../contracts/customer/people';
import { callEndpoint } from '../../../../shared/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** 'Invite someone': the answer is the account's people, which replaces the cached list. */
export function useInvitePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvitePersonInput) => callEndpoint(invitePerson, { body: input }),
    onSuccess: (people) => queryClient.setQueryData<People>(queryKeys.people, people),
  });
}

/** 'Remove', after its confirmation. */
export function useRemovePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(removePerson, { params: { id } }),
    onSuccess: (people) => queryClient.setQueryData<People>(queryKeys.people, people),
  });
}

/** 'Leave this account': the person's sign-in ends with it. */
export function useLeaveAccount() {
  return useMutation({ mutationFn: () => callEndpoint(leaveAccount, {}) });
}
