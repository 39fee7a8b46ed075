import { create } from 'zustand';

interface PendingPictureState {
  /** A file dropped on a toolbox card, for the editor to open when it arrives. */
  file: File | null;
  hold: (file: File) => void;
  take: () => File | null;
}

/** Hands a dropped file from the toolbox to the editor page across the navigation. */
export const usePendingPicture = create<PendingPictureState>()((set, get) => ({
  file: null,
  hold: (file) => set({ file }),
  take: () => {
    const { file } = get();
    set({ file: null });
    return file;
  },
}));
