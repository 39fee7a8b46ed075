import { beforeEach, describe, expect, it } from 'vitest';
import { isAdminPath, isLoginSuppressed } from './access';
import { SESSION_STORE_KEY, useSession } from './session-store';

describe('isLoginSuppressed', () => {
  it.each([
    ['https://lumen.test/competition/spring', true],
    ['https://lumen.test/campaigns?from=Competition', true],
    ['https://lumen.test/regional-event/osaka', true],
    ['https://lumen.test/studio', false],
    ['https://lumen.test/events', false],
  ])('%s → %s', (address, expected) => {
    expect(isLoginSuppressed(address)).toBe(expected);
  });
});

describe('isAdminPath', () => {
  it.each([
    ['/admin', true],
    ['/admin/users', true],
    ['/administrator', false],
    ['/home', false],
  ])('%s → %s', (path, expected) => {
    expect(isAdminPath(path)).toBe(expected);
  });
});

describe('session store', () => {
  beforeEach(() => {
    useSession.setState({ user: null, hasRefreshCredential: false, loginOpen: false });
  });

  it('logout clears the stored session and opens the login dialog', () => {
    for (const key of [
      'ticket',
      'refresh_token',
      'username',
      'nickname',
      'userId',
      'avatar',
      'invitation_code',
    ]) {
      window.localStorage.setItem(key, 'x');
    }
    useSession.setState({
      user: {
        userId: '1',
        username: 'ada',
        nickname: 'Ada',
        avatar: '',
        isAdmin: false,
        menuList: [],
      },
      hasRefreshCredential: true,
    });

    useSession.getState().logout();

    expect(useSession.getState()).toMatchObject({
      user: null,
      hasRefreshCredential: false,
      loginOpen: true,
    });
    for (const key of [
      'ticket',
      'refresh_token',
      'username',
      'nickname',
      'userId',
      'avatar',
      'invitation_code',
    ]) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
  });

  it('persists the user and sidebar modules, not the dialog flags', () => {
    useSession.getState().setPageKey('studio');
    useSession.getState().openLogin('https://lumen.test/');
    const saved = JSON.parse(window.localStorage.getItem(SESSION_STORE_KEY) ?? '{}') as {
      state?: object;
    };
    expect(saved.state).toEqual({ user: null, sidebar: { pageKey: 'studio', opened: true } });
  });

  it('reads the refresh credential from localStorage', () => {
    window.localStorage.setItem('refresh_token', 'r1');
    useSession.getState().syncRefreshCredential();
    expect(useSession.getState().hasRefreshCredential).toBe(true);
  });
});
