import { accountInfoSchema, type AccountInfo } from '@lumen/contracts/credits';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { useSession } from './session-store';

/** The credits badge re-reads the balance this often (credits also move in other tabs). */
export const ACCOUNT_POLL_MS = 60_000;

/**
 * Every account query starts with this; invalidate it after anything that moves credits
 * (a generation submitted, a refund seen, a purchase) so the badge and the pay dialog follow.
 */
export const accountQueryRoot = ['account'] as const;
export const accountQueryKey = (userId: string) => [...accountQueryRoot, userId] as const;

/**
 * `GET /prod-api/trade/v1/account`. Silent: a failed background refresh should not toast every
 * minute; pages that need the answer show their own error state.
 */
export function getAccountInfo(): Promise<AccountInfo> {
  return api.get('/prod-api/trade/v1/account', { schema: accountInfoSchema, silent: true });
}

/**
 * The signed-in user's grade, plan and credits; `poll` keeps it fresh while mounted, and
 * `refetchOnFocus` reads it again whenever the window comes back into focus.
 */
export function useAccountInfo(options: { poll?: boolean; refetchOnFocus?: boolean } = {}) {
  const userId = useSession((s) => s.user?.userId ?? '');
  return useQuery({
    queryKey: accountQueryKey(userId),
    queryFn: getAccountInfo,
    enabled: userId !== '',
    refetchInterval: options.poll ? ACCOUNT_POLL_MS : false,
    ...(options.refetchOnFocus ? { refetchOnWindowFocus: 'always' as const } : {}),
  });
}

/** Spec §4: the pay dialog treats grade 0 as free; any plan (a trial included) as paid. */
export function isPaidAccount(account: Pick<AccountInfo, 'grade'> | undefined): boolean {
  return (account?.grade ?? 0) > 0;
}
