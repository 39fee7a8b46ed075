import { useEffect, useState } from 'react';
import { getCurrentLanguage } from '../i18n/i18n';

/** Where each running task's progress was first seen, to measure its rate from. */
const starts = new Map<string, { at: number; progress: number }>();

/** Seconds left at the rate progress has moved so far, once it has moved enough to tell. */
export function estimateSecondsLeft(
  start: { at: number; progress: number },
  now: number,
  progress: number,
): number | null {
  const moved = progress - start.progress;
  const elapsed = now - start.at;
  if (moved < 3 || elapsed < 1500 || progress >= 100) return null;
  return Math.max(1, Math.round(((100 - progress) * elapsed) / moved / 1000));
}

/**
 * "in 40 seconds", "in 3 minutes": the time left in the interface language (the browser's
 * own words for it, so nothing to translate), rounded as a person would say it.
 */
export function formatTimeLeft(seconds: number, language = getCurrentLanguage()): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always', style: 'long' });
  if (seconds < 60) return format.format(Math.max(5, Math.ceil(seconds / 5) * 5), 'second');
  return format.format(Math.round(seconds / 60), 'minute');
}

/**
 * How long a generating task still needs, from the rate of its progress since this page first
 * saw it move; null while that cannot be told yet (or the task is not generating).
 */
export function useTaskEta(taskId: string, progress: number, generating: boolean): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!generating) {
      starts.delete(taskId);
      return;
    }
    if (!starts.has(taskId)) starts.set(taskId, { at: Date.now(), progress });
    // Read the clock after this progress arrived, once the render that shows it is done.
    const timer = window.setTimeout(() => setNow(Date.now()), 0);
    return () => window.clearTimeout(timer);
  }, [taskId, progress, generating]);
  const start = starts.get(taskId);
  if (!generating || !start) return null;
  const seconds = estimateSecondsLeft(start, now, progress);
  return seconds === null ? null : formatTimeLeft(seconds);
}
