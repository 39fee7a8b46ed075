import { SESSION_MAX_AGE_S } from '@lumen/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export type SocialProvider = 'google' | 'discord' | 'apple' | 'facebook';

/** `POST /prod-api/user/login` with the e-mail login type of spec §7. */
export function loginWithEmail(input: { email: string; captcha: string }): Promise<unknown> {
  return api.post('/prod-api/user/login', {
    type: 'email',
    email: input.email,
    captcha: input.captcha,
    max_age: SESSION_MAX_AGE_S,
    request_id: crypto.randomUUID(),
  });
}

/** `POST /prod-api/user/oauth/callback/{provider}` with the code the pop-up brought back. */
export function loginWithOAuthCode(input: {
  provider: SocialProvider;
  code: string;
  redirectUri: string;
}): Promise<unknown> {
  return api.post(`/prod-api/user/oauth/callback/${input.provider}`, {
    code: input.code,
    redirect_uri: input.redirectUri,
    max_age: SESSION_MAX_AGE_S,
    request_id: crypto.randomUUID(),
  });
}

export function useEmailLogin() {
  return useMutation({ mutationFn: loginWithEmail });
}
