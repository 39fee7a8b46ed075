import { trialClaimResultSchema, type TrialClaimResult } from '@lumen/contracts/trade';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { refreshMembershipQueries } from './refresh-membership';

/** `POST /prod-api/trade/v1/trial/claim`: once per account, never alongside a plan (spec §4). */
export function claimTrial(): Promise<TrialClaimResult> {
  return api.post(
    '/prod-api/trade/v1/trial/claim',
    {},
    {
      schema: trialClaimResultSchema,
      silent: true,
    },
  );
}

export function useClaimTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimTrial,
    // A refusal changes eligibility too (claimed in another tab), so refresh either way.
    onSettled: () => refreshMembershipQueries(queryClient),
  });
}
