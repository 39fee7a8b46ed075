import {
  ADMIN_USER_SEARCH_LIMIT,
  adminUserStatuses,
  type AdminUserDetail,
  type AdminUserSummary,
} from '@lumen/contracts/admin-users';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { AppError } from '../../lib/app-error';
import type { UserRow } from '../auth/auth.schema';
import type { AuthService } from '../auth/auth.service';
import type { BillingService } from '../billing/billing.service';
import type { CreditsService } from '../credits/credits.service';
import type { MinorsService } from '../minors/minors.service';

type Status = AdminUserSummary['status'];
const isStatus = (s: string): s is Status => (adminUserStatuses as readonly string[]).includes(s);

/**
 * What an operator reads about accounts: the search and one account's facts, gathered from
 * the modules that own them (names and roles, plans, credits, the age answer).
 */
export function createAdminUsersService(deps: {
  auth: AuthService;
  billing: BillingService;
  credits: CreditsService;
  minors: MinorsService;
}) {
  const { auth, billing, credits, minors } = deps;

  function summaryOf(
    user: UserRow,
    plan: { grade: number; name: string },
    balance: number,
  ): AdminUserSummary {
    return {
      id: user.id,
      username: user.username,
      nickname: user.nickname,
      email: user.email,
      phone: user.phone,
      status: isStatus(user.status) ? user.status : 'closed',
      created_at: user.createdAt.toISOString(),
      last_login_at: user.lastLoginAt?.toISOString() ?? null,
      grade: plan.grade,
      plan_name: plan.name,
      credits: balance,
    };
  }

  return {
    async search(q: string): Promise<AdminUserSummary[]> {
      const found = await auth.searchUsers(q, ADMIN_USER_SEARCH_LIMIT);
      // The plan reads of one search are gathered by the billing module into one query.
      const [plans, balances] = await Promise.all([
        Promise.all(found.map((u) => billing.currentPlan(u.id))),
        credits.balancesOf(found.map((u) => u.id)),
      ]);
      return found.map((u, i) => summaryOf(u, plans[i]!, balances.get(u.id) ?? 0));
    },

    /** One account's facts; a purged account, whose personal data is gone, is not found. */
    async get(userId: number): Promise<AdminUserDetail> {
      const user = await auth.getUser(userId);
      if (user.status === 'purged') throw new AppError(ErrorCode.notFound, 'errors.notFound');
      const [account, age] = await Promise.all([
        credits.accountInfo(userId),
        minors.adminView(userId),
      ]);
      return {
        ...summaryOf(user, { grade: account.grade, name: account.plan_name }, account.credits),
        roles: auth.rolesOf(user),
        plan_ends_at: account.plan_ends_at,
        buckets: account.buckets,
        age,
      };
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
