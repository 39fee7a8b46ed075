import { useEffect, useState } from 'react';
import { subscribeTaskEvents, type TaskEventsSubscriber } from '../api/task-events';
import { useSession } from '../session/session-store';

/**
 * Listens to the task events of the user's stream while signed in (the stream is shared with
 * other listeners, see api/user-events). `subscriber` must keep its identity between renders
 * (useMemo). Answers whether the stream is open; callers poll while it is not.
 */
export function useTaskEvents(subscriber: Omit<TaskEventsSubscriber, 'onError'>): {
  live: boolean;
} {
  const signedIn = useSession((s) => s.user !== null);
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (!signedIn) return undefined;
    const unsubscribe = subscribeTaskEvents({
      ...subscriber,
      onOpen: () => {
        setLive(true);
        subscriber.onOpen?.();
      },
      onError: () => setLive(false),
    });
    return () => {
      unsubscribe();
      setLive(false);
    };
  }, [signedIn, subscriber]);

  return { live: signedIn && live };
}
