import { create } from 'zustand';

/** One output of a finished generation, offered for publishing (spec §3 "publish detail"). */
export interface PublishRequest {
  taskId: string;
  /** Position of the output among the task's outputs. */
  outputIndex: number;
  kind: 'image' | 'video' | '3d';
  /** A still to show in the dialog. */
  previewUrl: string | null;
  /** The generation's prompt, a starting point for the title. */
  prompt?: string;
}

interface PublishDialogState {
  request: PublishRequest | null;
  /** Bumped on every open so the form starts over even when it was already showing. */
  openCount: number;
  open: (request: PublishRequest) => void;
  close: () => void;
}

/**
 * The spec §2 publish flag: shared so the studio's results and the library's detail page can open
 * the dialog that the community feature renders.
 */
export const usePublishDialog = create<PublishDialogState>()((set) => ({
  request: null,
  openCount: 0,
  open: (request) => set((s) => ({ request, openCount: s.openCount + 1 })),
  close: () => set({ request: null }),
}));

export function openPublishDialog(request: PublishRequest): void {
  usePublishDialog.getState().open(request);
}
