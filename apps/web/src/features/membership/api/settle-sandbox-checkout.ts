import {
  sandboxOutcomeResultSchema,
  type SandboxOutcome,
  type SandboxOutcomeResult,
} from '@lumen/contracts/trade';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { goTo } from '../go-to';

/** `POST /prod-api/trade/v1/sandbox/checkout/{session_id}`: the payer's choice. */
export function settleSandboxCheckout(
  sessionId: string,
  outcome: SandboxOutcome,
): Promise<SandboxOutcomeResult> {
  return api.post(
    `/prod-api/trade/v1/sandbox/checkout/${encodeURIComponent(sessionId)}`,
    { outcome },
    { schema: sandboxOutcomeResultSchema },
  );
}

/** Settles the session, then goes where the provider would send the payer: the result page. */
export function useSettleSandboxCheckout(sessionId: string) {
  return useMutation({
    mutationFn: (outcome: SandboxOutcome) => settleSandboxCheckout(sessionId, outcome),
    onSuccess: (result) => {
      goTo(result.return_url);
    },
  });
}
