import { gatewaySubmitResultSchema } from '@lumen/contracts/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { accountQueryRoot } from '../../../shared/session/account-info';
import { libraryKeys } from '../library-kinds';

/** One id per press, so a retried request is not queued twice (works without HTTPS). */
function requestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * `POST /api/gw/v3/image/remove_bg/async` with the work as its one input: queues a cut-out
 * (1 credit, plus and pro only). A refusal (2020 upgrade, 2007 credits) opens the pay dialog
 * through the API client, as spec §8 says.
 */
export function removeBackground(key: string) {
  return api.post(
    '/api/gw/v3/image/remove_bg/async',
    { images: [key], request_id: requestId() },
    { schema: gatewaySubmitResultSchema },
  );
}

export function useRemoveBackground() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBackground,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountQueryRoot }),
      ]);
    },
  });
}
