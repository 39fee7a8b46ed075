import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { LibraryKind } from './library-kinds';

/**
 * The spec's unread flags (§2 session): kinds with a result the user has not looked at yet,
 * finished while they were elsewhere. The library's nav item and tabs show a dot until the
 * kind's tab is opened. Kept per user, and shared by the browser's tabs.
 */
interface UnreadResultsState {
  userId: string | null;
  kinds: LibraryKind[];
  mark: (userId: string, kind: LibraryKind) => void;
  clear: (userId: string, kind: LibraryKind) => void;
}

export const UNREAD_RESULTS_KEY = 'lumen_unread_results';

export const useUnreadResults = create<UnreadResultsState>()(
  persist(
    (set, get) => ({
      userId: null,
      kinds: [],
      mark: (userId, kind) => {
        const kinds = get().userId === userId ? get().kinds : [];
        if (!kinds.includes(kind)) set({ userId, kinds: [...kinds, kind] });
      },
      clear: (userId, kind) => {
        const { userId: owner, kinds } = get();
        if (owner === userId && kinds.includes(kind))
          set({ kinds: kinds.filter((k) => k !== kind) });
      },
    }),
    {
      name: UNREAD_RESULTS_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ userId: s.userId, kinds: s.kinds }),
    },
  ),
);

// Another tab marked or cleared a kind.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === UNREAD_RESULTS_KEY) void useUnreadResults.persist.rehydrate();
  });
}

const NONE: LibraryKind[] = [];

/** The kinds with an unread result for `userId` (none for anyone else's flags). */
export function unreadKinds(
  state: Pick<UnreadResultsState, 'userId' | 'kinds'>,
  userId: string | undefined,
): LibraryKind[] {
  return userId && state.userId === userId ? state.kinds : NONE;
}
