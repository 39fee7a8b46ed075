import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/support/sse';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { insertWork } from './community.fixtures';
import { works } from './community.schema';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
let admin: { ticket: string; id: number };
const call: ReturnType<typeof createApiCaller>['call'] = (...args) => api.call(...args);

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'ops@example.com' } });
  api = createApiCaller(t);
  admin = await api.signIn('ops@example.com');
});
afterAll(async () => {
  await t.close();
});

/** Every page of a feed, following next_cursor. */
async function walk(path: string, ticket?: string): Promise<Json[]> {
  const all: Json[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const url = new URL(path, 'http://x');
    if (cursor) url.searchParams.set('cursor', cursor);
    const answer = await call('GET', `${url.pathname}${url.search}`, ticket);
    expect(answer.code, JSON.stringify(answer)).toBe(0);
    all.push(...answer.result.data);
    cursor = answer.result.next_cursor;
    if (!cursor) return all;
  }
  throw new Error('too many pages');
}

const hours = (h: number) => h * 3600_000;

describe('explore feeds', () => {
  it('pages newest first with a stable keyset, ties broken by id, only approved works', async () => {
    const author = await api.signIn('pager@example.com');
    const base = Date.now() - hours(2);
    const made: { id: number; at: number }[] = [];
    for (let i = 0; i < 30; i++) {
      // Groups of three share a timestamp: the id decides their order.
      const at = base - Math.floor(i / 3) * 60_000;
      const work = await insertWork(t.database.db, author.id, {
        createdAt: new Date(at),
        publishedAt: new Date(at),
        kind: i % 2 === 0 ? 'image' : 'video',
      });
      made.push({ id: work.id, at });
    }
    for (const status of ['submitted', 'rejected', 'hidden']) {
      await insertWork(t.database.db, author.id, { status, publishedAt: new Date() });
    }
    const expected = [...made].sort((a, b) => b.at - a.at || b.id - a.id).map((w) => String(w.id));

    const first = await call('GET', '/prod-api/content/works/explore?sort=new&limit=7');
    expect(first.result.data.map((w: Json) => w.work_id)).toEqual(expected.slice(0, 7));
    // A work published meanwhile does not shift the pages after the first.
    await insertWork(t.database.db, author.id, { publishedAt: new Date() });
    const rest = await walk(
      `/prod-api/content/works/explore?sort=new&limit=7&cursor=${encodeURIComponent(first.result.next_cursor)}`,
    );
    expect([...first.result.data, ...rest].map((w) => w.work_id)).toEqual(expected);

    const videos = await walk('/prod-api/content/works/explore?sort=new&kind=video&limit=5');
    expect(videos).toHaveLength(15);
    expect(videos.every((w) => w.kind === 'video')).toBe(true);

    const tampered = await call('GET', '/prod-api/content/works/explore?cursor=bm90LWpzb24');
    expect(tampered.code).toBe(1001);
    const tooBig = await call('GET', '/prod-api/content/works/explore?limit=61');
    expect(tooBig.code).toBe(1001);
  });

  it('ranks hot by engagement with time decay and keeps the ranking instant across pages', async () => {
    const author = await api.signIn('hot@example.com');
    const now = Date.now();
    await t.database.db.delete(works);
    const fresh = await insertWork(t.database.db, author.id, {
      publishedAt: new Date(now - hours(1)),
    });
    const popularOld = await insertWork(t.database.db, author.id, {
      publishedAt: new Date(now - hours(48)),
      likeCount: 200,
      commentCount: 10,
    });
    const popularNew = await insertWork(t.database.db, author.id, {
      publishedAt: new Date(now - hours(3)),
      likeCount: 10,
      favoriteCount: 3,
    });
    const ancient = await insertWork(t.database.db, author.id, {
      publishedAt: new Date(now - hours(24 * 40)),
      likeCount: 100_000,
    });
    // (likes + 2·comments + favorites + 1) / (age_h + 2)^1.5:
    // popularNew 14 / 5^1.5 ≈ 1.25; popularOld 221 / 50^1.5 ≈ 0.63; fresh 1 / 3^1.5 ≈ 0.19.
    const score = (e: number, h: number) => e / Math.pow(h + 2, 1.5);
    const order = [
      [popularNew.id, score(14, 3)],
      [popularOld.id, score(221, 48)],
      [fresh.id, score(1, 1)],
    ]
      .sort((a, b) => b[1]! - a[1]!)
      .map(([id]) => String(id));
    const first = await call('GET', '/prod-api/content/works/explore?sort=hot&limit=2');
    expect(first.result.data.map((w: Json) => w.work_id)).toEqual(order.slice(0, 2));
    // The ranking instant travels in the cursor: a work published after it stays out.
    await insertWork(t.database.db, author.id, {
      publishedAt: new Date(Date.now() + 1000),
      likeCount: 1_000_000,
    });
    const rest = await walk(
      `/prod-api/content/works/explore?sort=hot&limit=2&cursor=${encodeURIComponent(first.result.next_cursor)}`,
    );
    expect(rest.map((w) => w.work_id)).toEqual(order.slice(2));
    // Older than the 30-day window: not in hot, still in new.
    expect(rest.map((w) => w.work_id)).not.toContain(String(ancient.id));
    const newest = await walk('/prod-api/content/works/explore?sort=new');
    expect(newest.map((w) => w.work_id)).toContain(String(ancient.id));
  });

  it('shows liked, favorited and followed for the viewer, and the following feed', async () => {
    const author = await api.signIn('artist@example.com');
    const viewer = await api.signIn('viewer@example.com');
    const stranger = await api.signIn('stranger@example.com');
    const mine = await insertWork(t.database.db, author.id, { publishedAt: new Date() });
    const theirs = await insertWork(t.database.db, stranger.id, {
      publishedAt: new Date(Date.now() - 1000),
    });

    expect((await call('GET', '/prod-api/content/works/explore?sort=following')).code).toBe(3015);
    await call('POST', `/prod-api/content/works/${mine.id}/like`, viewer.ticket);
    await call('POST', `/prod-api/content/works/${mine.id}/favorite`, viewer.ticket);
    const follow = await call('POST', `/prod-api/content/users/${author.id}/follow`, viewer.ticket);
    expect(follow.result).toEqual({ followed: true, followers_count: 1 });

    const feed = (await call('GET', '/prod-api/content/works/explore?limit=60', viewer.ticket))
      .result.data as Json[];
    const card = feed.find((w) => w.work_id === String(mine.id))!;
    expect(card).toMatchObject({
      liked: true,
      favorited: true,
      like_count: 1,
      favorite_count: 1,
      author: { user_id: author.id, followed: true },
    });
    expect(feed.find((w) => w.work_id === String(theirs.id))).toMatchObject({
      liked: false,
      favorited: false,
      author: { followed: false },
    });
    const anonymous = (await call('GET', '/prod-api/content/works/explore?limit=60')).result
      .data as Json[];
    expect(anonymous.find((w) => w.work_id === String(mine.id))).toMatchObject({
      liked: false,
      author: { followed: false },
    });

    const following = await walk('/prod-api/content/works/explore?sort=following', viewer.ticket);
    expect(following.map((w) => w.work_id)).toEqual([String(mine.id)]);
    const favorites = await walk('/prod-api/content/favorites', viewer.ticket);
    expect(favorites.map((w) => w.work_id)).toEqual([String(mine.id)]);
    const likes = await walk(`/prod-api/content/users/${viewer.id}/likes`);
    expect(likes.map((w) => w.work_id)).toEqual([String(mine.id)]);
    const authorWorks = await walk(`/prod-api/content/users/${author.id}/works`);
    expect(authorWorks.map((w) => w.work_id)).toEqual([String(mine.id)]);
  });
});

describe('people', () => {
  it("carries each card's prompt for its hover, none for a private generation or a tool run", async () => {
    const author = await api.signIn('prompts@example.com');
    const shared = await insertWork(t.database.db, author.id, { publishedAt: new Date() });
    const hidden = await insertWork(t.database.db, author.id, {
      publishedAt: new Date(),
      settings: null,
    });
    const tool = await insertWork(t.database.db, author.id, {
      publishedAt: new Date(),
      settings: { prompt: '' },
    });
    // The author's list, not explore: a visitor's explore page may come from its 5 s cache.
    const cards = await walk(`/prod-api/content/users/${author.id}/works`);
    const promptOf = (id: number) => cards.find((w) => w.work_id === String(id))?.prompt;
    expect(promptOf(shared.id)).toBe('a quiet harbour');
    expect(promptOf(hidden.id)).toBeNull();
    expect(promptOf(tool.id)).toBeNull();
  });

  it('counts followers, lists followers, following and friends, refuses self-follow', async () => {
    const a = await api.signIn('alpha@example.com');
    const b = await api.signIn('beta@example.com');
    const c = await api.signIn('gamma@example.com');
    const follow = (who: { ticket: string }, whom: number) =>
      call('POST', `/prod-api/content/users/${whom}/follow`, who.ticket);
    await follow(b, a.id);
    await follow(c, a.id);
    await follow(a, b.id);
    expect((await follow(a, a.id)).code).toBe(1001);
    expect((await follow(a, 99_999_999)).code).toBe(1004);

    await insertWork(t.database.db, a.id, { likeCount: 5 });
    await insertWork(t.database.db, a.id, { likeCount: 2 });
    await insertWork(t.database.db, a.id, { likeCount: 9, status: 'hidden' });
    const page = await call('GET', `/prod-api/content/users/${a.id}`, b.ticket);
    expect(page.result).toMatchObject({
      user_id: a.id,
      followers_count: 2,
      following_count: 1,
      works_count: 2,
      likes_received: 7,
      followed: true,
      follows_me: true,
    });

    const followers = await walk(`/prod-api/content/users/${a.id}/followers?limit=1`, b.ticket);
    expect(followers.map((p) => p.user_id)).toEqual([c.id, b.id]);
    expect(followers.find((p) => p.user_id === b.id)).toMatchObject({ followed: false });
    const friends = await walk(`/prod-api/content/users/${a.id}/friends`);
    expect(friends.map((p) => p.user_id)).toEqual([b.id]);
    const following = await walk(`/prod-api/content/users/${b.id}/following`);
    expect(following.map((p) => p.user_id)).toEqual([a.id]);

    const unfollow = await call('DELETE', `/prod-api/content/users/${a.id}/follow`, c.ticket);
    expect(unfollow.result).toEqual({ followed: false, followers_count: 1 });
    const twice = await call('DELETE', `/prod-api/content/users/${a.id}/follow`, c.ticket);
    expect(twice.result).toEqual({ followed: false, followers_count: 1 });
    // One follow notice per follower, however often they toggle.
    await follow(c, a.id);
    const inbox = await call('POST', '/capi/notify/queryNotifyList', a.ticket, {
      pageNo: 0,
      pageSize: 20,
    });
    expect(inbox.result.resultList.filter((n: Json) => n.subType === 'follow')).toHaveLength(2);
  });
});

describe('circles', () => {
  it('are made by admins, joined once per person, and hold works', async () => {
    const member = await api.signIn('member@example.com');
    const refused = await call('POST', '/prod-api/admin/circles', member.ticket, { name: 'Sky' });
    expect(refused.code).toBe(1003);
    const circle = (
      await call('POST', '/prod-api/admin/circles', admin.ticket, {
        name: 'Sky',
        description: 'Clouds and kites',
      })
    ).result;
    expect(circle).toMatchObject({ name: 'Sky', member_count: 0, work_count: 0 });

    const join = () =>
      call('POST', `/prod-api/content/circles/${circle.circle_id}/join`, member.ticket);
    expect((await join()).result).toEqual({ joined: true, member_count: 1 });
    expect((await join()).result).toEqual({ joined: true, member_count: 1 });
    const inCircle = await insertWork(t.database.db, member.id, {
      circleIds: [Number(circle.circle_id)],
    });
    await insertWork(t.database.db, member.id);
    const listed = (await call('GET', '/prod-api/content/circles', member.ticket)).result.list;
    expect(listed.find((c: Json) => c.circle_id === circle.circle_id)).toMatchObject({
      joined: true,
      member_count: 1,
      work_count: 1,
    });
    const feed = await walk(`/prod-api/content/works/explore?circle_id=${circle.circle_id}`);
    expect(feed.map((w) => w.work_id)).toEqual([String(inCircle.id)]);
    expect(feed[0]!.circle_ids).toEqual([circle.circle_id]);

    const exit = await call(
      'DELETE',
      `/prod-api/content/circles/${circle.circle_id}/join`,
      member.ticket,
    );
    expect(exit.result).toEqual({ joined: false, member_count: 0 });
    await call('DELETE', `/prod-api/admin/circles/${circle.circle_id}`, admin.ticket);
    const card = (await call('GET', `/prod-api/content/works/${inCircle.id}`)).result;
    expect(card.circle_ids).toEqual([]);
    expect((await call('GET', `/prod-api/content/circles/${circle.circle_id}`)).code).toBe(1004);
  });
});

describe('notifications over the event stream', () => {
  it('pushes a notification event, rendered in the reader language', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const owner = await api.signIn('streamed@example.com');
    const fan = await api.signIn('streamer-fan@example.com');
    const work = await insertWork(t.database.db, owner.id, { title: 'Lanterns' });

    const stream = await openEventStream(base, owner.ticket, {
      'accept-language': 'zh-CN,zh;q=0.9',
    });
    await call('POST', `/prod-api/content/works/${work.id}/like`, fan.ticket);
    const data = await stream.next('notification');
    stream.close();
    expect(data).toMatchObject({
      notifyType: 'interactive',
      subType: 'like',
      readStatus: 0,
      work: { work_id: String(work.id) },
      actor: { user_id: fan.id },
    });
    expect(data.title).toContain('赞了你的作品');
  });
});
