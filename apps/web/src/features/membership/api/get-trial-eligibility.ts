import { trialEligibilitySchema, type TrialEligibility } from '@lumen/contracts/trade';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';

/** `GET /prod-api/trade/v1/trial/eligibility` (spec §7: threeDay and fiftyDiscount). */
export function getTrialEligibility(): Promise<TrialEligibility> {
  return api.get('/prod-api/trade/v1/trial/eligibility', {
    schema: trialEligibilitySchema,
    silent: true,
  });
}

export function useTrialEligibility() {
  const userId = useSession((s) => s.user?.userId ?? '');
  return useQuery({
    queryKey: ['trial-eligibility', userId] as const,
    queryFn: getTrialEligibility,
    enabled: userId !== '',
  });
}
