import { createHash } from 'node:crypto';
import type { CursorPage, Work } from '@lumen/contracts/community';
import type { Clock } from '../../lib/clock';
import type { CardRow } from './feed.repository';

/**
 * How long a visitor's explore page is served from memory. It bounds how long a visitor can
 * still see a work hidden or unpublished on another node, or counts from before a like.
 */
export const FEED_CACHE_TTL_MS = 5_000;
const PAGES_KEPT = 500;

type SharedRow = Pick<
  CardRow,
  | 'id'
  | 'userId'
  | 'title'
  | 'description'
  | 'pendingTitle'
  | 'pendingDescription'
  | 'pendingEditAt'
>;

/** A feed page as a visitor sees it, with the rows it was made from and its entity tag. */
export type SharedPage = {
  page: CursorPage<Work>;
  rows: SharedRow[];
  tag: string;
};

/** A strong entity tag for a JSON-serialisable answer. */
export function tagOf(value: unknown): string {
  return `"${createHash('sha1').update(JSON.stringify(value)).digest('base64url')}"`;
}

/**
 * Visitor feed pages are the same for everyone, so each node keeps each one for a few seconds,
 * keyed by the query. Requests that arrive while a page is being read wait for that read
 * rather than starting their own. An entry's age counts from when its read began, so nothing
 * read before a change is served longer than the TTL after it.
 */
export function createFeedCache(deps: { clock: Clock; ttlMs?: number }) {
  const ttlMs = deps.ttlMs ?? FEED_CACHE_TTL_MS;
  const pages = new Map<string, { until: number; page: Promise<SharedPage> }>();

  return {
    get(key: string, load: () => Promise<SharedPage>): Promise<SharedPage> {
      const now = deps.clock.now().getTime();
      const kept = pages.get(key);
      if (kept && kept.until > now) return kept.page;
      const entry = { until: now + ttlMs, page: load() };
      pages.delete(key);
      pages.set(key, entry);
      // A failed read is not kept; the oldest pages leave first.
      entry.page.catch(() => {
        if (pages.get(key) === entry) pages.delete(key);
      });
      while (pages.size > PAGES_KEPT) pages.delete(pages.keys().next().value!);
      return entry.page;
    },

    /** Forgets every page: a work entered or left the feeds on this node. */
    clear(): void {
      pages.clear();
    },
  };
}

export type FeedCache = ReturnType<typeof createFeedCache>;
