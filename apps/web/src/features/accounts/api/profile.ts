import { profileSchema, type Profile, type UpdateProfileBody } from '@lumen/contracts/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';

export const profileQueryKey = (userId: string) => ['profile', userId] as const;

/** `GET /prod-api/user/profile`. */
export function getProfile(): Promise<Profile> {
  return api.get('/prod-api/user/profile', { schema: profileSchema });
}

/** `PUT /prod-api/user/profile` with only the fields that changed. */
export function updateProfile(changes: UpdateProfileBody): Promise<Profile> {
  return api.put('/prod-api/user/profile', changes, { schema: profileSchema });
}

export function useProfile() {
  const userId = useSession((s) => s.user?.userId ?? '');
  return useQuery({
    queryKey: profileQueryKey(userId),
    queryFn: getProfile,
    enabled: userId !== '',
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) =>
      queryClient.setQueryData(profileQueryKey(String(profile.userId)), profile),
  });
}
