import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { isLoginSuppressed, readRefreshCredential, sessionStorageKeys } from './access';

export interface SessionUser {
  userId: string;
  username: string;
  nickname: string;
  avatar: string;
  isAdmin: boolean;
  /** Menu names merged from all the user's roles; a menu named Admin makes an admin (spec §6). */
  menuList: string[];
  /** Role names from the login answer; absent in sessions saved before roles were kept. */
  roleList?: string[];
}

export interface SidebarState {
  pageKey: string;
  opened: boolean;
}

interface SessionState {
  user: SessionUser | null;
  hasRefreshCredential: boolean;
  loginOpen: boolean;
  mobileNavOpen: boolean;
  sidebar: SidebarState;
  setUser: (user: SessionUser | null) => void;
  syncRefreshCredential: () => void;
  /** Opens the login dialog unless `address` is a competition or regional event page. */
  openLogin: (address?: string) => void;
  closeLogin: () => void;
  /** Clears the stored session (spec §4); other tabs hear of it unless `broadcast` is false. */
  logout: (options?: { openLogin?: boolean; address?: string; broadcast?: boolean }) => void;
  setPageKey: (pageKey: string) => void;
  setSidebarOpened: (opened: boolean) => void;
  setMobileNavOpen: (open: boolean) => void;
}

/** The persisted "user" and "app" modules of spec §4 live under this localStorage key. */
export const SESSION_STORE_KEY = 'lumen_store';

const defaultSidebar: SidebarState = { pageKey: 'home', opened: true };

function currentAddress(): string {
  return typeof window === 'undefined' ? '' : window.location.href;
}

function clearStoredSession(): void {
  try {
    for (const key of Object.values(sessionStorageKeys)) window.localStorage.removeItem(key);
    window.localStorage.removeItem(SESSION_STORE_KEY);
  } catch {
    // Blocked storage holds nothing to clear.
  }
}

const sessionChannelName = 'lumen-session';
/**
 * Every BroadcastChannel object but the sender hears a message, the sending tab's own
 * subscriber included; the tab id lets a tab ignore what it said itself.
 */
const tabId = Math.random().toString(36).slice(2);

/** The cross-tab broadcasts of spec §4. */
export type SessionEvent = 'login' | 'logout' | 'account-update';
const sessionEvents: readonly string[] = [
  'login',
  'logout',
  'account-update',
] satisfies SessionEvent[];

/** Tells other tabs about a session change; they decide what to do (see app/use-session-sync). */
export function broadcastSessionEvent(type: SessionEvent): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(sessionChannelName);
  channel.postMessage({ type, tab: tabId });
  channel.close();
}

export function subscribeSessionEvents(onEvent: (type: SessionEvent) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(sessionChannelName);
  channel.onmessage = (event: MessageEvent<{ type?: unknown; tab?: unknown }>) => {
    if (event.data.tab === tabId) return;
    const type = event.data.type;
    if (typeof type === 'string' && sessionEvents.includes(type)) onEvent(type as SessionEvent);
  };
  return () => channel.close();
}

export const useSession = create<SessionState>()(
  persist(
    (set, get) => ({
      user: null,
      hasRefreshCredential: readRefreshCredential(),
      loginOpen: false,
      mobileNavOpen: false,
      sidebar: defaultSidebar,
      setUser: (user) => set({ user }),
      syncRefreshCredential: () => set({ hasRefreshCredential: readRefreshCredential() }),
      openLogin: (address = currentAddress()) => {
        if (!isLoginSuppressed(address)) set({ loginOpen: true });
      },
      closeLogin: () => set({ loginOpen: false }),
      logout: (options = {}) => {
        const wasSignedIn = get().user !== null || get().hasRefreshCredential;
        clearStoredSession();
        const open =
          options.openLogin !== false && !isLoginSuppressed(options.address ?? currentAddress());
        set((state) => ({
          user: null,
          hasRefreshCredential: false,
          loginOpen: open || state.loginOpen,
          mobileNavOpen: false,
        }));
        if (wasSignedIn && options.broadcast !== false) broadcastSessionEvent('logout');
      },
      setPageKey: (pageKey) => set((state) => ({ sidebar: { ...state.sidebar, pageKey } })),
      setSidebarOpened: (opened) => set((state) => ({ sidebar: { ...state.sidebar, opened } })),
      setMobileNavOpen: (mobileNavOpen) => set({ mobileNavOpen }),
    }),
    {
      name: SESSION_STORE_KEY,
      storage: createJSONStorage(() => window.localStorage),
      partialize: (state) => ({ user: state.user, sidebar: state.sidebar }),
    },
  ),
);
