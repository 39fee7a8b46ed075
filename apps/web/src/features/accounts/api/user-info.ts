import { userInfoSchema, type UserInfo } from '@lumen/contracts/auth';
import { api } from '../../../shared/api/client';

/**
 * `GET /prod-api/user/info`. Callers choose how a missing session is handled: start-up restores
 * quietly (`noLogin`), a reload after sign-in lets the client's usual 3015 rule apply.
 */
export function getUserInfo(options: { quiet?: boolean } = {}): Promise<UserInfo> {
  return api.get('/prod-api/user/info', {
    schema: userInfoSchema,
    silent: options.quiet,
    noLogin: options.quiet,
  });
}
