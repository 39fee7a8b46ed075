import { api } from '../../../shared/api/client';

/** `POST /prod-api/user/logout`: revokes this device's ticket and refresh token. */
export async function postLogout(): Promise<void> {
  await api.post('/prod-api/user/logout', {}, { silent: true, noLogin: true });
}
