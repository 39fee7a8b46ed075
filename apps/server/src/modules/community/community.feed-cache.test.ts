import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { ManualClock } from '../../lib/clock';
import { insertWork } from './community.fixtures';
import { works } from './community.schema';
import { createFeedCache, FEED_CACHE_TTL_MS } from './feed-cache';
import { createFeedRepository } from './feed.repository';
import { createFeedService } from './feed.service';
import { createHotRanking } from './hot-ranking';
import { eq } from 'drizzle-orm';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
const clock = new ManualClock(new Date());
let author: { ticket: string; id: number };
let viewer: { ticket: string; id: number };

beforeAll(async () => {
  t = await createTestApp({ clock, env: { ADMIN_EMAILS: 'ops@example.com' } });
  api = createApiCaller(t, clock);
  author = await api.signIn('cached-author@example.com');
  viewer = await api.signIn('cached-viewer@example.com');
});
afterAll(async () => {
  await t.close();
});

const explore = (query: string, ticket?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/prod-api/content/works/explore?${query}`,
    headers: { ...headers, ...(ticket ? { authorization: `Bearer ${ticket}` } : {}) },
  });
const ids = (body: Json) => (body.result.data as Json[]).map((w) => w.work_id as string);

describe('shared explore pages', () => {
  it('reads a page once per TTL for everyone, and lays each viewer’s marks over it', async () => {
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await insertWork(t.database.db, author.id));
    const repository = createFeedRepository(t.database.db);
    let cardReads = 0;
    let markReads = 0;
    const counted = {
      ...repository,
      listCards: (...args: Parameters<typeof repository.listCards>) => {
        cardReads++;
        return repository.listCards(...args);
      },
      listViewerMarks: (...args: Parameters<typeof repository.listViewerMarks>) => {
        markReads++;
        return repository.listViewerMarks(...args);
      },
    };
    const feed = createFeedService({
      feed: counted,
      cards: t.app.services.community.cards,
      hot: createHotRanking(counted),
      cache: createFeedCache({ clock }),
      clock,
    });
    const q = { sort: 'new' as const, limit: 20 };
    await api.call('POST', `/prod-api/content/works/${made[1]!.id}/like`, viewer.ticket);

    const first = await feed.explore(null, q);
    const second = await feed.explore(null, q);
    expect(cardReads).toBe(1);
    expect(second.tag).toBe(first.tag);
    const mine = await feed.explore(viewer.id, q);
    expect(cardReads).toBe(1);
    expect(markReads).toBe(1);
    const liked = mine.page.data.filter((w) => w.liked).map((w) => w.work_id);
    expect(liked).toEqual([String(made[1]!.id)]);
    expect(first.page.data.some((w) => w.liked)).toBe(false);
    expect(mine.tag).not.toBe(first.tag);

    clock.advance(FEED_CACHE_TTL_MS);
    await feed.explore(null, q);
    expect(cardReads).toBe(2);
  });

  it('answers a visitor with a public, cacheable page, and 304 with no body for its ETag', async () => {
    await insertWork(t.database.db, author.id);
    const first = await explore('sort=new&limit=21');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(
      `public, max-age=${Math.floor(FEED_CACHE_TTL_MS / 1000)}`,
    );
    const etag = first.headers.etag as string;
    const compressed = await explore('sort=new&limit=21', undefined, { 'accept-encoding': 'br' });
    expect(String(compressed.headers.vary).toLowerCase().split(/,\s*/).sort()).toEqual(
      expect.arrayContaining(['accept-encoding', 'authorization', 'cookie']),
    );
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await explore('sort=new&limit=21', undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const other = await explore('sort=new&limit=21', undefined, { 'if-none-match': '"old"' });
    expect(other.statusCode).toBe(200);
    expect(ids(other.json())).toEqual(ids(first.json()));

    // The page changes once the TTL has passed and a new work shows: so does its tag.
    clock.advance(FEED_CACHE_TTL_MS);
    await insertWork(t.database.db, author.id, { publishedAt: clock.now() });
    const later = await explore('sort=new&limit=21', undefined, { 'if-none-match': etag });
    expect(later.statusCode).toBe(200);
    expect(later.headers.etag).not.toBe(etag);
  });

  it('gives a signed-in viewer their own likes and favorites on the shared page, kept private', async () => {
    const [a, b] = [
      await insertWork(t.database.db, author.id),
      await insertWork(t.database.db, author.id),
    ];
    const visitor = await explore('sort=new&limit=22');
    expect(ids(visitor.json())).toContain(String(a.id));
    await api.call('POST', `/prod-api/content/works/${a.id}/like`, viewer.ticket);
    await api.call('POST', `/prod-api/content/works/${b.id}/favorite`, viewer.ticket);
    await api.call('POST', `/prod-api/content/users/${author.id}/follow`, viewer.ticket);

    const signedIn = await explore('sort=new&limit=22', viewer.ticket);
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    const cards = signedIn.json().result.data as Json[];
    const card = (id: number) => cards.find((w) => w.work_id === String(id))!;
    expect([card(a.id).liked, card(a.id).favorited]).toEqual([true, false]);
    expect([card(b.id).liked, card(b.id).favorited]).toEqual([false, true]);
    expect(card(a.id).author.followed).toBe(true);
    const tag = signedIn.headers.etag as string;
    const same = await explore('sort=new&limit=22', viewer.ticket, { 'if-none-match': tag });
    expect(same.statusCode).toBe(304);
    // Another signed-in user and visitors still see none of those marks.
    const someone = await api.signIn('cached-someone@example.com');
    const theirs = (await explore('sort=new&limit=22', someone.ticket)).json().result
      .data as Json[];
    expect(theirs.some((w) => w.liked || w.favorited)).toBe(false);
    const visitorAgain = (await explore('sort=new&limit=22')).json().result.data as Json[];
    expect(visitorAgain.some((w) => w.liked || w.favorited)).toBe(false);
  });

  it('stops showing a work hidden elsewhere once the TTL has passed, and at once when hidden here', async () => {
    const [gone, hidden] = [
      await insertWork(t.database.db, author.id),
      await insertWork(t.database.db, author.id),
    ];
    expect(ids((await explore('sort=new&limit=23')).json())).toContain(String(gone.id));
    // Hidden by another node: this one learns of it when its page expires.
    await t.database.db.update(works).set({ status: 'hidden' }).where(eq(works.id, gone.id));
    clock.advance(FEED_CACHE_TTL_MS - 1);
    expect(ids((await explore('sort=new&limit=23')).json())).toContain(String(gone.id));
    // A signed-in viewer's marks are read fresh, and leave it out already.
    expect(ids((await explore('sort=new&limit=23', viewer.ticket)).json())).not.toContain(
      String(gone.id),
    );
    clock.advance(1);
    expect(ids((await explore('sort=new&limit=23')).json())).not.toContain(String(gone.id));

    // Hidden through this node: gone from its next answer.
    expect(ids((await explore('sort=new&limit=23')).json())).toContain(String(hidden.id));
    const admin = await api.signIn('ops@example.com');
    const hide = await api.call('POST', `/prod-api/admin/works/${hidden.id}/hide`, admin.ticket);
    expect(hide.code).toBe(0);
    expect(ids((await explore('sort=new&limit=23')).json())).not.toContain(String(hidden.id));

    // Its author closing comments shows on the next page read through this node.
    const open = await insertWork(t.database.db, author.id);
    clock.advance(FEED_CACHE_TTL_MS);
    const cardOf = async () =>
      ((await explore('sort=new&limit=23')).json().result.data as Json[]).find(
        (w) => w.work_id === String(open.id),
      );
    expect((await cardOf())?.allow_comments).toBe(true);
    const closed = await api.call('PATCH', `/prod-api/content/works/${open.id}`, author.ticket, {
      allow_comments: false,
    });
    expect(closed.code).toBe(0);
    expect((await cardOf())?.allow_comments).toBe(false);
  });

  it('never shows one visitor the media URLs made for another visitor’s Host', async () => {
    await insertWork(t.database.db, author.id, { publishedAt: clock.now() });
    // The origins every absolute URL in an answer names.
    const originsIn = (body: string) =>
      [...new Set(body.match(/https?:\/\/[^/"\\]+/g) ?? [])].sort();

    const evil = await explore('sort=new&limit=24', undefined, { host: 'evil.example' });
    expect(evil.statusCode).toBe(200);
    expect(originsIn(evil.body)).toEqual(['http://evil.example']);

    const local = await explore('sort=new&limit=24', undefined, { host: '127.0.0.1:8080' });
    expect(originsIn(local.body)).toEqual(['http://127.0.0.1:8080']);
    expect(ids(local.json())).toEqual(ids(evil.json()));

    const usual = await explore('sort=new&limit=24');
    expect(usual.body).not.toContain('evil.example');
    expect(originsIn(usual.body)).toEqual(['http://localhost:80']);
    const signedIn = await explore('sort=new&limit=24', viewer.ticket);
    expect(signedIn.body).not.toContain('evil.example');
  });
});
