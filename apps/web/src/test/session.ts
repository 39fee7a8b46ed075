import type { AccountInfo } from '@lumen/contracts/credits';
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

/** What `GET /prod-api/trade/v1/account` answers for a user of this grade and balance. */
export function testAccount(overrides: Partial<AccountInfo> = {}): AccountInfo {
  const grade = overrides.grade ?? 0;
  return {
    grade,
    plan_name: grade === 0 ? 'free' : 'plus',
    plan_ends_at: null,
    credits: 30,
    isFreeVip: false,
    isYearVip: false,
    isPayment: true,
    buckets: [],
    ...overrides,
  };
}
