import { modals } from '@mantine/modals';
import { i18n } from '../i18n/i18n';
import { readRefreshCredential, sessionStorageKeys } from '../session/access';
import { useSession } from '../session/session-store';

/**
 * What the API client does when an answer concerns the session (spec §8). The accounts
 * feature registers the real token refresher; payments register the pay dialog opener.
 */
type Refresher = () => Promise<boolean>;
type PayRequiredHandler = (code: number, msg: string) => void;
type GuardianRequiredHandler = () => void;

let refresher: Refresher = () => Promise.resolve(false);
let payRequiredHandler: PayRequiredHandler = () => undefined;
let guardianRequiredHandler: GuardianRequiredHandler = () => undefined;
let pendingRefresh: Promise<boolean> | null = null;
let confirmLogoutOpen = false;

export function setSessionRefresher(next: Refresher): void {
  refresher = next;
}

export function setPayRequiredHandler(next: PayRequiredHandler): void {
  payRequiredHandler = next;
}

/**
 * Spec §8: on HTTP 401 with a stored refresh token, requests wait for one shared refresh and
 * are retried once each. Resolves false when there is nothing to refresh with or it failed.
 */
export function refreshSessionOnce(): Promise<boolean> {
  if (!readRefreshCredential()) return Promise.resolve(false);
  pendingRefresh ??= refresher()
    .catch(() => false)
    .finally(() => {
      pendingRefresh = null;
    });
  return pendingRefresh;
}

/** Code 3015 and a failed refresh: log out and show the login dialog. */
export function handleLoginRequired(): void {
  useSession.getState().logout({ openLogin: true });
}

export function handlePayRequired(code: number, msg: string): void {
  payRequiredHandler(code, msg);
}

/** The accounts feature registers the dialog that says where a guardian's consent stands. */
export function setGuardianRequiredHandler(next: GuardianRequiredHandler): void {
  guardianRequiredHandler = next;
}

/** Code 3010: a child's account waits for its guardian before it may publish or pay. */
export function handleGuardianRequired(): void {
  guardianRequiredHandler();
}

/** Re-Login resets the tokens and reloads; a tab shows this dialog once however many calls fail. */
export function handleConfirmLogout(): void {
  if (confirmLogoutOpen) return;
  confirmLogoutOpen = true;
  modals.openConfirmModal({
    title: i18n.t('session.confirmLogoutTitle'),
    children: i18n.t('session.confirmLogoutBody'),
    labels: { confirm: i18n.t('session.relogin'), cancel: i18n.t('common.cancel') },
    zIndex: 2000,
    onClose: () => {
      confirmLogoutOpen = false;
    },
    onConfirm: () => {
      resetTokens();
      window.location.reload();
    },
  });
}

/** Spec §4 "reset token": drops the ticket and refresh token only. */
export function resetTokens(): void {
  try {
    window.localStorage.removeItem(sessionStorageKeys.ticket);
    window.localStorage.removeItem(sessionStorageKeys.refreshToken);
  } catch {
    // Blocked storage holds no tokens.
  }
  useSession.getState().syncRefreshCredential();
}
