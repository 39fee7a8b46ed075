import { profileSchema, type Profile } from '@lumen/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { profileQueryKey } from './profile';

/** `POST /prod-api/user/email/bind`, after a code sent with purpose `bind` proves the address. */
export function bindEmail(input: { email: string; captcha: string }): Promise<Profile> {
  // Silent: the code form flags a wrong code itself and shows any other failure.
  return api.post('/prod-api/user/email/bind', input, { schema: profileSchema, silent: true });
}

export function useBindEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindEmail,
    onSuccess: (profile) =>
      queryClient.setQueryData(profileQueryKey(String(profile.userId)), profile),
  });
}
