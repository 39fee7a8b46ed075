import type { SurveyBody } from '@lumen/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import { profileCheckQueryKey, type ProfileCheck } from './profile-check';

/** `POST /prod-api/user/survey`: the collect-account-info answers. */
export async function submitSurvey(body: SurveyBody): Promise<void> {
  await api.post('/prod-api/user/survey', body);
}

export function useSubmitSurvey() {
  const queryClient = useQueryClient();
  const userId = useSession((s) => s.user?.userId ?? '');
  return useMutation({
    mutationFn: submitSurvey,
    onSuccess: () =>
      queryClient.setQueryData<ProfileCheck>(profileCheckQueryKey(userId), {
        need_collect: false,
        completed_at: new Date().toISOString(),
      }),
  });
}
