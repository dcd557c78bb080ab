import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  requestEmailChange,
  setEmailUpdates,
  updateProfile,
  type EmailChangeInput,
  type Profile,
  type ProfileEdit,
} from '../../../../../contracts/customer/profile';
import { callEndpoint } from '../../../../shared/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** Saves name, phone and address; the answer is the saved profile, which replaces the cached one. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: ProfileEdit) => callEndpoint(updateProfile, { body: edit }),
    onMutate: () => queryClient.cancelQueries({ queryKey: queryKeys.profile }),
    onSuccess: (profile) => {
      queryClient.setQueryData<Profile>(queryKeys.profile, profile);
      // The first property is the profile address: it follows (the database keeps it so).
      void queryClient.invalidateQueries({ queryKey: queryKeys.properties });
    },
  });
}

/** 'E-mail me about updates': saved at once; the cached profile follows the server's answer. */
export function useSetEmailUpdates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => callEndpoint(setEmailUpdates, { body: { enabled } }),
    // A profile read still under way would otherwise land after the answer and flip the switch back.
    onMutate: () => queryClient.cancelQueries({ queryKey: queryKeys.profile }),
    onSuccess: ({ emailUpdates }) =>
      queryClient.setQueryData<Profile>(queryKeys.profile, (profile) => profile && { ...profile, emailUpdates }),
  });
}

/** 'Change e-mail': the new address gets a link; the cached profile shows the change waiting for it. */
export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailChangeInput) => callEndpoint(requestEmailChange, { body: input }),
    onMutate: () => queryClient.cancelQueries({ queryKey: queryKeys.profile }),
    onSuccess: ({ pendingEmail }) =>
      queryClient.setQueryData<Profile>(queryKeys.profile, (profile) => profile && { ...profile, pendingEmail }),
  });
}
