import { SESSION_MAX_AGE_S } from '@lumen/contracts/constants';
import { loginResultSchema, type LoginBody, type LoginResult } from '@lumen/contracts/auth';
import { api } from '../../../shared/api/client';
import { readStoredValue, sessionStorageKeys } from '../../../shared/session/access';

export type SocialProvider = 'google' | 'discord' | 'apple' | 'facebook';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What each sign-in method sends; the session fields are added by `withSessionFields`. */
export type LoginCredentials = DistributiveOmit<
  LoginBody,
  'max_age' | 'request_id' | 'invitationcode' | 'channel_id'
>;

const INVITATION_MAX_LENGTH = 64;

/**
 * Spec §4: a stored invitation code goes along with the sign-in, as `invitationcode` when it is
 * the partner value `ph` and as `channel_id` otherwise. One the server would refuse is dropped
 * rather than failing the sign-in.
 */
export function invitationFields(): { invitationcode?: string; channel_id?: string } {
  const code = readStoredValue(sessionStorageKeys.invitationCode)?.trim();
  if (!code || code.length > INVITATION_MAX_LENGTH) return {};
  return code === 'ph' ? { invitationcode: code } : { channel_id: code };
}

export function withSessionFields<T extends object>(body: T) {
  return {
    ...body,
    max_age: SESSION_MAX_AGE_S,
    request_id: crypto.randomUUID(),
    ...invitationFields(),
  };
}

/**
 * `POST /prod-api/user/login`: one call for every method, told apart by `loginType`. `silent`
 * leaves the failure message to the caller (the code forms flag a wrong code instead).
 */
export function login(
  credentials: LoginCredentials,
  options: { silent?: boolean } = {},
): Promise<LoginResult> {
  return api.post('/prod-api/user/login', withSessionFields(credentials), {
    schema: loginResultSchema,
    silent: options.silent,
  });
}
