import { createdSchema } from '@lumen/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** `POST /prod-api/user/contact`: open to visitors too. */
export function sendContact(input: { full_name: string; email: string; message: string }) {
  return api.post('/prod-api/user/contact', input, { schema: createdSchema });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
