import type { AccountInfo } from '@lumen/contracts/credits';
import type { QueryClient } from '@tanstack/react-query';
import { i18n } from '../i18n/i18n';
import { toast } from '../ui/toast';
import { accountQueryKey, getAccountInfo } from './account-info';
import { useSession } from './session-store';

/**
 * After something the user did that may add credits (a birthday saved, a code redeemed, a
 * trial claimed, a payment completed): re-reads the balance, so the header badge shows it at
 * once, and says what was added. Nothing is said when the balance did not grow.
 */
export async function announceCreditChange(queryClient: QueryClient): Promise<void> {
  const userId = useSession.getState().user?.userId;
  if (!userId) return;
  const key = accountQueryKey(userId);
  const before = queryClient.getQueryData<AccountInfo>(key)?.credits;
  let after: AccountInfo;
  try {
    after = await queryClient.fetchQuery({ queryKey: key, queryFn: getAccountInfo, staleTime: 0 });
  } catch {
    // The badge keeps its last balance and refreshes on its next poll.
    return;
  }
  if (before === undefined || after.credits <= before) return;
  toast({
    type: 'success',
    id: 'credit-change',
    message: i18n.t('credits.added', { count: after.credits - before, balance: after.credits }),
  });
}
