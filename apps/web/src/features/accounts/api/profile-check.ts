import { profileCheckSchema } from '@lumen/contracts/account';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';

export type ProfileCheck = z.infer<typeof profileCheckSchema>;

export const profileCheckQueryKey = (userId: string) => ['profile-check', userId] as const;

/** `GET /prod-api/content/user/profile/check`: whether the collect-account wizard is due. */
export function getProfileCheck(): Promise<ProfileCheck> {
  // Quiet: the wizard is optional, so a failed check just means it does not show.
  return api.get('/prod-api/content/user/profile/check', {
    query: { request_id: crypto.randomUUID() },
    schema: profileCheckSchema,
    silent: true,
    noLogin: true,
  });
}

export function useProfileCheck(userId: string | null) {
  return useQuery({
    queryKey: profileCheckQueryKey(userId ?? ''),
    queryFn: getProfileCheck,
    enabled: userId !== null,
    staleTime: Infinity,
  });
}
