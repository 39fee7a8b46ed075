import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../shared/session/session-store';
import { createApiMock, userInfoAnswer } from '../../../test/api-mock';
import { restoreSession } from './restore-session';

vi.mock('../../../shared/ui/toast', () => ({ toast: vi.fn() }));

let api: ReturnType<typeof createApiMock>;

function storeSession() {
  for (const [key, value] of [
    ['ticket', 't1'],
    ['refresh_token', 'r1'],
    ['username', 'ada'],
  ]) {
    window.localStorage.setItem(key as string, value as string);
  }
}

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  useSession.setState({ user: null, hasRefreshCredential: false, loginOpen: false });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('restoreSession', () => {
  it('does nothing without a stored username and ticket', async () => {
    window.localStorage.setItem('refresh_token', 'r1');
    await expect(restoreSession()).resolves.toBe('none');
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('reloads the user info into the session', async () => {
    storeSession();
    api.on('GET', '/prod-api/user/info', {
      result: userInfoAnswer({ isAdmin: true, menuList: ['Admin'] }),
    });

    await expect(restoreSession()).resolves.toBe('restored');

    expect(api.requests('GET', '/prod-api/user/info')[0]?.headers.Authorization).toBe('Bearer t1');
    expect(useSession.getState()).toMatchObject({
      hasRefreshCredential: true,
      user: { userId: '42', username: 'ada', isAdmin: true, menuList: ['Admin'] },
    });
  });

  it('ends a session the server no longer knows, quietly', async () => {
    storeSession();
    api.on('GET', '/prod-api/user/info', { code: 3015, msg: 'Please log in' });

    await expect(restoreSession()).resolves.toBe('signed-out');

    expect(useSession.getState()).toMatchObject({
      user: null,
      hasRefreshCredential: false,
      loginOpen: false,
    });
    expect(window.localStorage.getItem('ticket')).toBeNull();
  });

  it('keeps the stored session when the server cannot be reached', async () => {
    storeSession();
    api.fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(restoreSession()).resolves.toBe('kept');
    expect(window.localStorage.getItem('ticket')).toBe('t1');
  });
});
