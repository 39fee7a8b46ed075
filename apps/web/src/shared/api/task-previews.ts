import { useSyncExternalStore } from 'react';

/**
 * The engine's latest picture of each running task (a sampler preview, as a small data URL
 * the events stream carries). Kept beside the query caches rather than in them: it changes
 * every second, belongs to no answer of the API, and is forgotten when the task ends.
 */
const previews = new Map<string, string>();
const listeners = new Set<() => void>();
/** Enough for every card a page shows; the oldest previews go first. */
const MAX_PREVIEWS = 50;

function changed() {
  for (const listener of listeners) listener();
}

export function rememberTaskPreview(taskId: string, url: string): void {
  previews.delete(taskId);
  previews.set(taskId, url);
  if (previews.size > MAX_PREVIEWS) previews.delete(previews.keys().next().value!);
  changed();
}

export function forgetTaskPreview(taskId: string): void {
  if (previews.delete(taskId)) changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The latest preview of a running task, if its engine sent one. */
export function useTaskPreview(taskId: string): string | undefined {
  return useSyncExternalStore(
    subscribe,
    () => previews.get(taskId),
    () => undefined,
  );
}
