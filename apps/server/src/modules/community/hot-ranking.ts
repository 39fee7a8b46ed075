import type { CardFilter, FeedRepository } from './feed.repository';

/** Works ranked per snapshot: the hot feed ends after this many (about 80 pages of 24). */
export const HOT_RANKED = 2000;
/** Rankings are taken at whole minutes, so everyone in the same minute shares one. */
export const HOT_INSTANT_MS = 60_000;
const KEPT = 32;
/**
 * How far behind the clock the hourly refresh takes the stored bounds: rankings at instants
 * after it (first pages, cursors up to an hour old) read the bounds through the index alone.
 */
export const HOT_BOUND_LAG_MS = 3600_000;

export type HotEntry = { id: number; score: number };

/**
 * The hot ranking (docs/decisions/0011-community.md, 0030-hot-score.md) is computed once per
 * instant and filter on this node and paged from memory. The instant travels in the cursor; a
 * node that does not hold that ranking computes it again for the same instant.
 */
export function createHotRanking(feed: FeedRepository) {
  const rankings = new Map<string, Promise<HotEntry[]>>();

  return {
    /** The ranking instant for a first page at `now`. */
    instantOf(now: Date): Date {
      return new Date(Math.floor(now.getTime() / HOT_INSTANT_MS) * HOT_INSTANT_MS);
    },

    /** Moves the works at the top of the hot indexes to bounds taken an hour before `now`. */
    refreshBounds(now: Date): Promise<number> {
      const ref = new Date(
        Math.floor((now.getTime() - HOT_BOUND_LAG_MS) / HOT_INSTANT_MS) * HOT_INSTANT_MS,
      );
      return feed.refreshHotBounds(ref, HOT_RANKED * 2);
    },

    ranking(filter: CardFilter, at: Date): Promise<HotEntry[]> {
      const key = `${at.getTime()}|${filter.kind ?? ''}|${filter.circleId ?? ''}|${filter.cmpId ?? ''}`;
      let found = rankings.get(key);
      if (!found) {
        found = feed.rankHot(filter, at, HOT_RANKED);
        // A failed ranking is not kept; the oldest rankings leave first.
        found.catch(() => rankings.delete(key));
        rankings.set(key, found);
        while (rankings.size > KEPT) rankings.delete(rankings.keys().next().value!);
      }
      return found;
    },

    /** The entries after the cursor's (score, id), in ranking order. */
    after(list: HotEntry[], cursor: [number, number] | null): HotEntry[] {
      if (!cursor) return list;
      const [score, id] = cursor;
      const start = list.findIndex((e) => e.score < score || (e.score === score && e.id < id));
      return start < 0 ? [] : list.slice(start);
    },
  };
}

export type HotRanking = ReturnType<typeof createHotRanking>;
