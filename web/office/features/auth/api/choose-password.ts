import { useMutation } from '@tanstack/react-query';
import { chooseOfficePassword } from '../../../../../contracts/office/setup';
import { callEndpoint } from '../../../../shared/api/client';

/** Set-up step 1: the password; answers the authenticator enrolment (QR code URI and secret key). */
export function useChooseOfficePassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => callEndpoint(chooseOfficePassword, { body: input }),
  });
}
