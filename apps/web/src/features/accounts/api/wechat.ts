import {
  wechatAuthorizeResultSchema,
  wechatBindingSchema,
  type WeChatBinding,
  type WeChatBindBody,
} from '@lumen/contracts/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';

export const wechatQueryKey = (userId: string) => ['wechat-binding', userId] as const;

/** `GET /prod-api/user/wechat`: whether binding is offered, and the bound WeChat. */
export function useWeChatBinding() {
  const userId = useSession((s) => s.user?.userId ?? '');
  return useQuery({
    queryKey: wechatQueryKey(userId),
    queryFn: () => api.get('/prod-api/user/wechat', { schema: wechatBindingSchema }),
    enabled: userId !== '',
  });
}

/** `POST /prod-api/user/wechat/authorize`: the QR-code page to send the browser to. */
export function authorizeWeChat(): Promise<{ url: string }> {
  return api.post('/prod-api/user/wechat/authorize', {}, { schema: wechatAuthorizeResultSchema });
}

/** After a change the profile's `wechat_bound` is read again with the binding. */
function useSaveBinding() {
  const queryClient = useQueryClient();
  const userId = useSession((s) => s.user?.userId ?? '');
  return (binding: WeChatBinding) => {
    queryClient.setQueryData(wechatQueryKey(userId), binding);
    void queryClient.invalidateQueries({ queryKey: ['profile'] });
  };
}

/** `POST /prod-api/user/wechat/bind` with the code and state WeChat sent back. */
export function useBindWeChat() {
  const save = useSaveBinding();
  return useMutation({
    mutationFn: (body: WeChatBindBody) =>
      api.post('/prod-api/user/wechat/bind', body, { schema: wechatBindingSchema }),
    onSuccess: save,
  });
}

/** `DELETE /prod-api/user/wechat`. */
export function useUnbindWeChat() {
  const save = useSaveBinding();
  return useMutation({
    mutationFn: () => api.delete('/prod-api/user/wechat', { schema: wechatBindingSchema }),
    onSuccess: save,
  });
}
