import type { QueryClient } from '@tanstack/react-query';
import { communityKeys } from './api/query-keys';

type Matcher = (value: Record<string, unknown>) => boolean;
type Updater = (value: Record<string, unknown>) => Record<string, unknown>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Returns `data` with every object that `match` accepts replaced by `update(object)`, at any
 * depth (pages of a feed, a detail's remixes, a campaign's entries). Unchanged branches keep
 * their identity, so components that show something else do not re-render.
 */
export function patchDeep<T>(data: T, match: Matcher, update: Updater): T {
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      let changed = false;
      const next = value.map((item) => {
        const patched = visit(item);
        if (patched !== item) changed = true;
        return patched;
      });
      return changed ? next : value;
    }
    if (!isPlainObject(value)) return value;
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      const patched = visit(child);
      if (patched !== child) changed = true;
      next[key] = patched;
    }
    const base = changed ? next : value;
    return match(base) ? update(base) : base;
  };
  return visit(data) as T;
}

/** A work in card or detail form (work references in "remixed from" carry no counters). */
export const isWork =
  (workId: string): Matcher =>
  (value) =>
    value.work_id === workId && 'like_count' in value;

export const isComment =
  (commentId: string): Matcher =>
  (value) =>
    value.comment_id === commentId && 'like_count' in value;

/** A person wherever they appear with a follow state: author of a work, profile, list row. */
export const isFollowable =
  (userId: number): Matcher =>
  (value) =>
    value.user_id === userId && typeof value.followed === 'boolean';

/** Patches everything the community feature has cached. */
export function patchCommunityCaches(
  queryClient: QueryClient,
  match: Matcher,
  update: Updater,
): void {
  queryClient.setQueriesData({ queryKey: communityKeys.all }, (data: unknown) =>
    data === undefined ? data : patchDeep(data, match, update),
  );
}
