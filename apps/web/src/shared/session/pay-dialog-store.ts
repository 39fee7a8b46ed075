import { create } from 'zustand';

export type PayDialogTab = 'membership' | 'credits';
/** Which spec §8 message the dialog leads with. */
export type PayDialogReason = 'noCredits' | 'upgrade';

export interface PayDialogRequest {
  /** The tab a free user sees; a paid user always lands on credits (spec §4). */
  tab?: PayDialogTab;
  /** false hides the tab switcher for a free user. */
  showTab?: boolean;
  reason?: PayDialogReason;
  /** A message to show as is, e.g. the server's own wording of a 2007/2020 answer. */
  message?: string;
}

interface PayDialogState {
  opened: boolean;
  request: PayDialogRequest;
  /** Bumped on every open so the dialog starts over even when it was already showing. */
  openCount: number;
  open: (request?: PayDialogRequest) => void;
  close: () => void;
}

/** The spec §3 "pay-dialog info": shared so the api client, the studio and pages can open it. */
export const usePayDialog = create<PayDialogState>()((set) => ({
  opened: false,
  request: {},
  openCount: 0,
  open: (request = {}) => set((s) => ({ opened: true, request, openCount: s.openCount + 1 })),
  close: () => set({ opened: false }),
}));

/** Opens the pay dialog at once (spec §4); the studio calls this for its upgrade prompts. */
export function openPayDialog(request: PayDialogRequest = {}): void {
  usePayDialog.getState().open(request);
}
