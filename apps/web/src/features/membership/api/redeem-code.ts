import { redeemResultSchema, type RedeemResult } from '@lumen/contracts/trade';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { refreshMembershipQueries } from './refresh-membership';

/** `POST /prod-api/trade/v1/redeem`; refusals are shown in the form, not as a toast. */
export function redeemCode(code: string): Promise<RedeemResult> {
  return api.post(
    '/prod-api/trade/v1/redeem',
    { code },
    {
      schema: redeemResultSchema,
      silent: true,
    },
  );
}

export function useRedeemCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemCode,
    onSuccess: () => refreshMembershipQueries(queryClient),
  });
}
