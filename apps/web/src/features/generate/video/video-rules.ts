import type { VideoRules } from '@lumen/contracts/tools';

/** What the browser learns of a clip before it is sent: its size, length and frame. */
export interface ClipFacts {
  /** Bytes; unknown for a clip picked from the library (already stored). */
  bytes: number | null;
  durationS: number;
  width: number;
  height: number;
}

/** A key under `videoStudio.clip.problems` and its values: why a clip cannot be used. */
export interface ClipProblem {
  key: 'format' | 'tooLarge' | 'tooLong' | 'tooBig' | 'ratio' | 'unreadable' | 'failed';
  values?: Record<string, string | number>;
}

/** The shapes a tool may demand, as width over height. */
const ratioValues = { '16:9': 16 / 9, '1:1': 1 } as const;
/** How far a clip's shape may be from the demanded one (the gateway's own allowance). */
export const RATIO_TOLERANCE = 0.03;

export const ACCEPTED_VIDEO_TYPES = 'video/mp4';

/**
 * Spec §5's clip rules, checked before anything is sent: mp4 at most 100 MB, the tool's
 * longest clip and side, and its shape (16:9 for extend and stylize, 1:1 for lip sync).
 * A tool that uses only its first seconds still takes a clip up to its longest.
 */
export function checkClip(facts: ClipFacts, rules: VideoRules): ClipProblem | null {
  if (facts.bytes !== null && facts.bytes > rules.maxBytes) {
    return { key: 'tooLarge', values: { mb: Math.round(rules.maxBytes / (1024 * 1024)) } };
  }
  if (facts.width <= 0 || facts.height <= 0 || !Number.isFinite(facts.durationS)) {
    return { key: 'unreadable' };
  }
  // Half a frame over the limit is still the length the user chose (the gateway's allowance).
  if (facts.durationS > rules.maxDurationS + 0.05) {
    return { key: 'tooLong', values: { seconds: rules.maxDurationS } };
  }
  if (Math.max(facts.width, facts.height) > rules.maxSide) {
    return { key: 'tooBig', values: { px: rules.maxSide + 1 } };
  }
  if (rules.ratio) {
    const wanted = ratioValues[rules.ratio];
    const ratio = facts.width / facts.height;
    if (Math.abs(ratio - wanted) / wanted > RATIO_TOLERANCE) {
      return { key: 'ratio', values: { ratio: rules.ratio } };
    }
  }
  return null;
}

/** The part of a clip a tool uses, in seconds from its start. */
export function usedSeconds(facts: Pick<ClipFacts, 'durationS'>, rules: VideoRules): number {
  return rules.usesFirstS === undefined
    ? facts.durationS
    : Math.min(facts.durationS, rules.usesFirstS);
}

/** A clip's size for people: `12.3 MB`, `850 KB`. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** A clip's length for people: `4.2 s`, `1:05`. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds * 10) / 10} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
