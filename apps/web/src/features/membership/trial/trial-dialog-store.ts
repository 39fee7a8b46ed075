import { create } from 'zustand';

interface TrialDialogState {
  opened: boolean;
  open: () => void;
  close: () => void;
}

/** The spec §2 "free trial" dialog flag. */
export const useTrialDialog = create<TrialDialogState>()((set) => ({
  opened: false,
  open: () => set({ opened: true }),
  close: () => set({ opened: false }),
}));

export function openTrialDialog(): void {
  useTrialDialog.getState().open();
}
