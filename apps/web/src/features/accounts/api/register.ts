import { loginResultSchema, type LoginResult } from '@lumen/contracts/auth';
import { api } from '../../../shared/api/client';
import { withSessionFields } from './login';

export interface RegisterInput {
  username: string;
  password: string;
  confirmPassword: string;
  email?: string;
}

/** `POST /prod-api/user/register`: creates the account and answers like a sign-in. */
export function register(input: RegisterInput): Promise<LoginResult> {
  return api.post(
    '/prod-api/user/register',
    withSessionFields({
      username: input.username,
      password: input.password,
      confirm_password: input.confirmPassword,
      agree_terms: true,
      ...(input.email ? { email: input.email } : {}),
    }),
    { schema: loginResultSchema },
  );
}
