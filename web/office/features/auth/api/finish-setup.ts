import { useMutation } from '@tanstack/react-query';
import { finishOfficeSetup } from '../../../../../contracts/office/setup';
import { callEndpoint } from '../../../../shared/api/client';

/** Set-up step 2: the password again and the first authenticator code; answers the ten backup codes, once. */
export function useFinishOfficeSetup() {
  return useMutation({
    mutationFn: (input: { token: string; password: string; code: string }) => callEndpoint(finishOfficeSetup, { body: input }),
  });
}
