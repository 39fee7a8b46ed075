import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** `POST /prod-api/user/captcha` (spec §7): code 0 means the e-mail with the code was sent. */
export function sendEmailCaptcha(email: string): Promise<unknown> {
  return api.post('/prod-api/user/captcha', {
    method: 'email',
    email,
    request_id: crypto.randomUUID(),
  });
}

export function useSendEmailCaptcha() {
  return useMutation({ mutationFn: sendEmailCaptcha });
}
