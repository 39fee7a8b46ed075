import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api as client } from '../../../shared/api/client';
import { setSessionRefresher } from '../../../shared/api/session-hooks';
import { useSession } from '../../../shared/session/session-store';
import { createApiMock } from '../../../test/api-mock';
import { REFRESH_LOCK_NAME, refreshSession } from './refresh-session';

vi.mock('../../../shared/ui/toast', () => ({ toast: vi.fn() }));

let api: ReturnType<typeof createApiMock>;
const signedIn = {
  userId: '1',
  username: 'ada',
  nickname: 'Ada',
  avatar: '',
  isAdmin: false,
  menuList: [],
};

/** A Web Locks stand-in shared by "tabs": callbacks for one name run one after another. */
function installLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  const names: string[] = [];
  const locks = {
    request: (name: string, callback: () => Promise<unknown>) => {
      names.push(name);
      const run = tail.then(callback);
      tail = run.catch(() => undefined);
      return run;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return names;
}

function rotateTo(ticket: string, refreshToken: string) {
  api.on('GET', '/prod-api/user/apikey2token', {
    result: { ticket, refresh_token: refreshToken, max_age: 3600 },
  });
}

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  window.localStorage.setItem('ticket', 't1');
  window.localStorage.setItem('refresh_token', 'r1');
  useSession.setState({ user: signedIn, hasRefreshCredential: true, loginOpen: false });
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'locks');
  setSessionRefresher(() => Promise.resolve(false));
});

describe('refreshSession', () => {
  it('trades the refresh token for a new pair and stores both, the old token being spent', async () => {
    rotateTo('t2', 'r2');

    await expect(refreshSession()).resolves.toBe(true);

    const [request] = api.requests('GET', '/prod-api/user/apikey2token');
    expect(request?.headers['Refresh-Token']).toBe('r1');
    expect(window.localStorage.getItem('ticket')).toBe('t2');
    expect(window.localStorage.getItem('refresh_token')).toBe('r2');
  });

  it('refreshes once for a burst of expired-ticket answers and retries each with the new ticket', async () => {
    rotateTo('t2', 'r2');
    setSessionRefresher(refreshSession);
    for (const path of ['/api/a', '/api/b', '/api/c']) {
      api.on('GET', path, ({ headers }) =>
        headers.Authorization === 'Bearer t2'
          ? { result: path }
          : { code: 3015, msg: 'expired', status: 401 },
      );
    }

    const results = await Promise.all(
      ['/api/a', '/api/b', '/api/c'].map((path) => client.get(path)),
    );

    expect(results).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(api.requests('GET', '/prod-api/user/apikey2token')).toHaveLength(1);
  });

  it('does not spend the token twice when two tabs refresh at once: the second uses the new ticket', async () => {
    const names = installLocks();
    rotateTo('t2', 'r2');

    // Two tabs share storage and the lock but not the client's in-tab de-duplication.
    const [first, second] = await Promise.all([refreshSession(), refreshSession()]);

    expect([first, second]).toEqual([true, true]);
    expect(names).toEqual([REFRESH_LOCK_NAME, REFRESH_LOCK_NAME]);
    expect(api.requests('GET', '/prod-api/user/apikey2token')).toHaveLength(1);
    expect(window.localStorage.getItem('refresh_token')).toBe('r2');
  });

  it('reports failure when the token is refused (3035), and the client then logs out', async () => {
    api.on('GET', '/prod-api/user/apikey2token', { code: 3035, msg: 'Session ended' });
    api.on('GET', '/api/a', { code: 3015, msg: 'expired', status: 401 });
    setSessionRefresher(refreshSession);

    await expect(refreshSession()).resolves.toBe(false);
    await expect(client.get('/api/a')).rejects.toMatchObject({ httpStatus: 401 });

    expect(useSession.getState()).toMatchObject({
      user: null,
      hasRefreshCredential: false,
      loginOpen: true,
    });
    expect(window.localStorage.getItem('refresh_token')).toBeNull();
  });

  it('has nothing to do without a stored refresh token', async () => {
    window.localStorage.removeItem('refresh_token');
    await expect(refreshSession()).resolves.toBe(false);
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});
