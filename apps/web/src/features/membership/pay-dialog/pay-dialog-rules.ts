import { ErrorCode } from '@lumen/contracts/error-codes';
import type {
  PayDialogReason,
  PayDialogRequest,
  PayDialogTab,
} from '../../../shared/session/pay-dialog-store';

/**
 * Spec §8: 2007 opens the dialog with the no-credits message, 2020 on its default tab with the
 * upgrade message. The server already words the message in the user's language, so it is kept.
 * An upgrade can only be answered by a plan, so a free user sees no credits tab then.
 */
export function requestForCode(code: number, msg: string): PayDialogRequest | null {
  const message = msg.trim() || undefined;
  if (code === ErrorCode.noCredits) return { tab: 'credits', reason: 'noCredits', message };
  if (code === ErrorCode.upgradeRequired) {
    return { tab: 'membership', showTab: false, reason: 'upgrade', message };
  }
  return null;
}

export interface PayDialogView {
  tab: PayDialogTab;
  showTab: boolean;
}

/**
 * Spec §4: a free user sees the tab asked for and may have the switcher hidden; a paid user sees
 * the credits tab. The switcher stays for paid users so they can still compare plans. A free
 * user who may still claim the trial is shown it first (it heads the membership tab): a free
 * trial answers "not enough credits" better than a credit pack, and the packs stay one tab away.
 */
export function resolvePayDialogView(
  request: PayDialogRequest,
  paid: boolean,
  trialOffered = false,
): PayDialogView {
  if (paid) return { tab: 'credits', showTab: true };
  if (trialOffered) return { tab: 'membership', showTab: request.showTab ?? true };
  return { tab: request.tab ?? 'membership', showTab: request.showTab ?? true };
}

/** i18n key of the §8 message for a reason; paid users are not told to subscribe. */
export function messageKeyFor(reason: PayDialogReason | undefined, paid: boolean): string | null {
  if (reason === 'noCredits')
    return paid ? 'payDialog.messages.noCreditsPaid' : 'payDialog.messages.noCredits';
  if (reason === 'upgrade') return 'payDialog.messages.upgrade';
  return null;
}
