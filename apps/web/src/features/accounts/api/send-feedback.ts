import { createdSchema } from '@lumen/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** `POST /prod-api/user/feedback`: text and an optional screenshot as a data URL. */
export function sendFeedback(input: { text: string; image?: string }) {
  return api.post('/prod-api/user/feedback', input, { schema: createdSchema });
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
