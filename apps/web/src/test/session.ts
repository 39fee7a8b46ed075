import { useSession, type SessionUser } from '../shared/session/session-store';

/** Puts a signed-in user with a stored refresh credential in the session store. */
export function signInTestUser(overrides: Partial<SessionUser> = {}): SessionUser {
  const user: SessionUser = {
    userId: '42',
    username: 'ada',
    nickname: 'Ada',
    avatar: '',
    isAdmin: false,
    menuList: [],
    ...overrides,
  };
  useSession.setState({ user, hasRefreshCredential: true });
  return user;
}
