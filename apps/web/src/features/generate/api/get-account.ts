import { accountInfoSchema, type AccountInfo } from '@lumen/contracts/credits';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import { generateKeys } from '../task-kinds';

/** `GET /prod-api/trade/v1/account`: grade, credits and whether payment mode is on. */
export function getAccount(): Promise<AccountInfo> {
  return api.get('/prod-api/trade/v1/account', { schema: accountInfoSchema, silent: true });
}

/** Visitors have no account; the studio shows them free-grade limits. */
export function useAccount() {
  const signedIn = useSession((s) => s.user !== null);
  return useQuery({
    queryKey: generateKeys.account,
    queryFn: getAccount,
    enabled: signedIn,
    staleTime: 15_000,
  });
}
