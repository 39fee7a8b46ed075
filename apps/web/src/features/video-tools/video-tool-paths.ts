/** The video studio's modes a link may open (the tools' `ui.videoMode`, and the effect mode). */
export type VideoStudioMode = 'extend' | 'enhance' | 'stylize' | 'effect';

/** The video studio in a tool's mode with one of the user's videos chosen (`from=<task>:<index>`). */
export function videoStudioPath(mode: VideoStudioMode, from: { taskId: string; index: number }) {
  const search = new URLSearchParams({ mode, from: `${from.taskId}:${from.index}` });
  return `/studio/video?${search.toString()}`;
}

/** The video studio's effect mode with a template chosen. */
export function effectStudioPath(effect: string) {
  return `/studio/video?${new URLSearchParams({ mode: 'effect', effect }).toString()}`;
}

/** The lip sync screen with one of the user's results (a clip or a portrait) chosen. */
export function lipSyncPath(from?: { taskId: string; index: number }) {
  return from ? `/studio/lip-sync?from=${from.taskId}:${from.index}` : '/studio/lip-sync';
}
