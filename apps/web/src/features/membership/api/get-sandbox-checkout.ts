import { sandboxCheckoutSchema, type SandboxCheckout } from '@lumen/contracts/trade';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** `GET /prod-api/trade/v1/sandbox/checkout/{session_id}`: the hosted checkout's session. */
export function getSandboxCheckout(sessionId: string): Promise<SandboxCheckout> {
  return api.get(`/prod-api/trade/v1/sandbox/checkout/${encodeURIComponent(sessionId)}`, {
    schema: sandboxCheckoutSchema,
    silent: true,
  });
}

export function useSandboxCheckout(sessionId: string) {
  return useQuery({
    queryKey: ['sandbox-checkout', sessionId] as const,
    queryFn: () => getSandboxCheckout(sessionId),
    enabled: sessionId !== '',
  });
}
