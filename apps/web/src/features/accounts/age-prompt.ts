import { create } from 'zustand';

/**
 * Whether this tab asks the age question or shows where a guardian's consent stands. A sign-in
 * makes both due; a page load only asks an account that never answered; an answer refused
 * for want of consent (3010) shows the status again. Once an account has answered and needs
 * no consent, this browser remembers it and stops asking the server.
 */
export const useAgePrompt = create<{
  due: boolean;
  showStatus: boolean;
  /** Until the age dialog knows it has nothing to ask, the collect-account wizard waits. */
  blocking: boolean;
}>(() => ({ due: false, showStatus: false, blocking: false }));

const settledKey = (userId: string) => `lumen.age-settled.${userId}`;

function isSettled(userId: string): boolean {
  try {
    return window.localStorage.getItem(settledKey(userId)) === '1';
  } catch {
    return false;
  }
}

/** After a sign-in (`showStatus`) or a restored session: ask unless this account is settled. */
export function offerAgeQuestion(userId: string, options: { showStatus: boolean }): void {
  if (isSettled(userId)) return;
  useAgePrompt.setState({ due: true, showStatus: options.showStatus, blocking: true });
}

/** A publish or payment was refused for want of a guardian's consent. */
export function showGuardianStatus(): void {
  useAgePrompt.setState({ due: true, showStatus: true });
}

export function markAgeSettled(userId: string): void {
  try {
    window.localStorage.setItem(settledKey(userId), '1');
  } catch {
    // Without storage the server is asked again on the next visit; nothing else changes.
  }
  useAgePrompt.setState({ due: false, showStatus: false, blocking: false });
}

export function dismissGuardianStatus(): void {
  useAgePrompt.setState({ showStatus: false, blocking: false });
}

/** The age dialog has nothing (more) to show: the wizard may come. */
export function releaseAgePrompt(): void {
  if (useAgePrompt.getState().blocking) useAgePrompt.setState({ blocking: false });
}
