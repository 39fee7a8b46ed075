import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeUserEvents } from '../../shared/api/user-events';
import { useSession } from '../../shared/session/session-store';
import { notificationKeys } from './api/notification-keys';

/**
 * A `notification` event on the user's SSE stream refreshes the badge and the lists at once;
 * the 60 s poll stays as the fallback (architecture decision 12).
 */
export function useNotificationStream(): void {
  const queryClient = useQueryClient();
  const signedIn = useSession((s) => s.user !== null);
  useEffect(() => {
    if (!signedIn) return undefined;
    return subscribeUserEvents({
      events: {
        notification: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      },
    });
  }, [signedIn, queryClient]);
}
