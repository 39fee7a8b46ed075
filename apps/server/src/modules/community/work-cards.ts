import type {
  CursorPage,
  Work,
  WorkAuthor,
  WorkKind,
  WorkStatus,
} from '@lumen/contracts/community';
import type { Clock } from '../../lib/clock';
import { requestOrigin } from '../../lib/request-origin';
import type { UserRow } from '../auth/auth.schema';
import type { CommunityMedia, CommunityPeople } from './community.ports';
import { pageOf } from './cursor';
import type { CardRow } from './feed.repository';

type CardSource = Omit<CardRow, 'key' | 'votes' | 'voted'> & Partial<Pick<CardRow, 'key'>>;

/** A signed media URL is served again for this long (it stays valid for an hour). */
const URL_REUSE_MS = 10 * 60_000;
const URLS_KEPT = 50_000;

/**
 * Turns card rows into the API's Work cards: authors in one lookup, media as signed URLs. A
 * signed URL is reused for a while, so feeds hand out the same address and browsers cache the
 * image, and a page of 24 cards does not sign 48 URLs each time.
 */
export function createWorkCards(deps: {
  people: CommunityPeople;
  media: CommunityMedia;
  clock: Clock;
}) {
  const signed = new Map<string, { url: string; until: number }>();
  async function urlFor(key: string): Promise<string> {
    const now = deps.clock.now().getTime();
    // The URL names the request's origin when no PUBLIC_URL is set, so it is kept per origin.
    const entry = `${requestOrigin() ?? ''} ${key}`;
    const kept = signed.get(entry);
    if (kept && kept.until > now) return kept.url;
    const url = await deps.media.urlFor(key);
    signed.delete(entry);
    signed.set(entry, { url, until: now + URL_REUSE_MS });
    if (signed.size > URLS_KEPT) signed.delete(signed.keys().next().value!);
    return url;
  }

  async function authorsOf(ids: number[]): Promise<Map<number, UserRow>> {
    const users = await deps.people.listByIds(ids);
    return new Map(users.map((u) => [u.id, u]));
  }

  function authorOf(users: Map<number, UserRow>, id: number, followed: boolean): WorkAuthor {
    const user = users.get(id);
    return {
      user_id: id,
      nickname: user?.nickname ?? '',
      avatar: user?.avatar ?? '',
      followed,
    };
  }

  async function toWork(row: CardSource, users: Map<number, UserRow>): Promise<Work> {
    const url = await urlFor(row.mediaKey);
    const thumb = row.thumbKey ? await urlFor(row.thumbKey) : null;
    // The author sees their edit waiting for review; everyone else the approved text.
    const edited = row.own && row.pendingEditAt ? row.pendingEditAt : null;
    return {
      work_id: String(row.id),
      kind: row.kind as WorkKind,
      title: edited ? (row.pendingTitle ?? row.title) : row.title,
      description: edited ? (row.pendingDescription ?? row.description) : row.description,
      status: row.status as WorkStatus,
      reject_reason: row.rejectReason,
      media: {
        url,
        thumb_url: thumb ?? (row.kind === 'image' ? url : ''),
        width: row.width,
        height: row.height,
        mime: row.mime,
        poster_url: row.kind === 'image' ? null : thumb,
      },
      author: authorOf(users, row.userId, row.followed),
      like_count: row.likeCount,
      favorite_count: row.favoriteCount,
      comment_count: row.commentCount,
      remix_count: row.remixCount,
      liked: row.liked,
      favorited: row.favorited,
      allow_comments: row.allowComments,
      cmp_id: row.cmpId === null ? null : String(row.cmpId),
      circle_ids: row.circleIds.map(String),
      created_at: row.createdAt.toISOString(),
      published_at: row.publishedAt?.toISOString() ?? null,
      pending_edit_at: edited?.toISOString() ?? null,
      // A tool run (a cut-out) has no prompt to show or recreate from.
      prompt: row.prompt?.trim() ? row.prompt : null,
    };
  }

  return {
    authorsOf,
    authorOf,
    async toWorks(rows: CardSource[]): Promise<Work[]> {
      const users = await authorsOf(rows.map((r) => r.userId));
      return Promise.all(rows.map((r) => toWork(r, users)));
    },
    /** A cursor page of cards from `limit + 1` fetched rows. */
    async toPage(rows: CardRow[], limit: number): Promise<CursorPage<Work>> {
      const page = pageOf(rows, limit, (r) => r.key);
      return { data: await this.toWorks(page.rows), next_cursor: page.nextCursor };
    },
    thumbOf: async (row: { kind: string; mediaKey: string; thumbKey: string | null }) =>
      row.thumbKey ? urlFor(row.thumbKey) : row.kind === 'image' ? urlFor(row.mediaKey) : '',
  };
}

export type WorkCards = ReturnType<typeof createWorkCards>;
