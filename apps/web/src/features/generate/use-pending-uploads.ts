import { useCallback, useState } from 'react';

/**
 * Counts the page's image inputs that are still uploading. Until they finish, the form holds
 * no image (or the one being replaced), so Generate waits rather than send the wrong request.
 */
export function usePendingUploads() {
  const [pending, setPending] = useState(0);
  const onBusyChange = useCallback(
    (busy: boolean) => setPending((n) => Math.max(0, n + (busy ? 1 : -1))),
    [],
  );
  return { uploading: pending > 0, onBusyChange };
}
