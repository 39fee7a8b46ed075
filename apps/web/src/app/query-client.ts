import { QueryClient } from '@tanstack/react-query';
import { ClientErrorCode, isApiError } from '../shared/api/api-error';

/**
 * Answers with a spec code are final; a 5xx or an unreachable server may pass. A timeout already
 * waited five minutes, so it is not repeated.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!isApiError(error)) return true;
  return error.isServerError || error.code === ClientErrorCode.network;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
