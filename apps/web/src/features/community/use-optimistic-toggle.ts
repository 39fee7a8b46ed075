import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSession } from '../../shared/session/session-store';

/** A two-state toggle with a counter beside it: like, favorite, follow, join, vote. */
export interface ToggleState {
  active: boolean;
  count: number;
}

/** The state after switching to `active`; the counter never goes below zero. */
export function toggled(state: ToggleState, active: boolean): ToggleState {
  if (state.active === active) return state;
  return { active, count: Math.max(0, state.count + (active ? 1 : -1)) };
}

export interface ToggleConfig {
  /** Names the toggle and its target, e.g. ['like', workId]; one target's calls run in order. */
  key: readonly string[];
  /** Calls the server; resolves with what it says the state now is. */
  request: (active: boolean) => Promise<ToggleState>;
  /** Writes a state into every cache that shows the target. */
  apply: (queryClient: QueryClient, state: ToggleState) => void;
}

interface Variables {
  previous: ToggleState;
  next: ToggleState;
}

/**
 * Spec §4 toggles with an optimistic update: the caches change at once, a failure puts back what
 * was there, and the server's counts win once the last of a burst of clicks is answered.
 * Visitors are asked to sign in instead.
 */
export function useOptimisticToggle(config: ToggleConfig) {
  const queryClient = useQueryClient();
  const signedIn = useSession((s) => s.user !== null);
  const mutationKey = ['toggle', ...config.key];
  const mutation = useMutation({
    mutationKey,
    scope: { id: mutationKey.join(':') },
    mutationFn: ({ next }: Variables) => config.request(next.active),
    onMutate: ({ next }) => config.apply(queryClient, next),
    onError: (_error, { previous }) => config.apply(queryClient, previous),
    onSuccess: (server) => {
      // Later clicks are already shown; their own answers settle the counts.
      if (queryClient.isMutating({ mutationKey }) <= 1) config.apply(queryClient, server);
    },
  });

  return {
    toggle: (current: ToggleState) => {
      if (!signedIn) {
        useSession.getState().openLogin();
        return;
      }
      mutation.mutate({ previous: current, next: toggled(current, !current.active) });
    },
    pending: mutation.isPending,
  };
}
