import { avatarResultSchema } from '@lumen/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { updateSessionNames } from '../session/sign-in';

/** `POST /prod-api/user/avatar` with a picture as a data URL; `DELETE` goes back to none. */
export function useAvatar() {
  const queryClient = useQueryClient();
  const settle = ({ avatar }: { avatar: string }) => {
    updateSessionNames({ avatar });
    void queryClient.invalidateQueries({ queryKey: ['profile'] });
  };
  const save = useMutation({
    mutationFn: (image: string) =>
      api.post('/prod-api/user/avatar', { image }, { schema: avatarResultSchema }),
    onSuccess: settle,
  });
  const remove = useMutation({
    mutationFn: () => api.delete('/prod-api/user/avatar', { schema: avatarResultSchema }),
    onSuccess: settle,
  });
  return { save, remove };
}
