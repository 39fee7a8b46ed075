import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { insertWork } from './community.fixtures';
import {
  circleMembers,
  circles,
  communityUserStats,
  follows,
  notifications,
  workFavorites,
  workLikes,
  works,
} from './community.schema';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
let people: { ticket: string; id: number }[];
const call: ReturnType<typeof createApiCaller>['call'] = (...args) => api.call(...args);
const PEOPLE = 12;

beforeAll(async () => {
  t = await createTestApp();
  api = createApiCaller(t);
  people = [];
  for (let i = 0; i < PEOPLE; i++) people.push(await api.signIn(`crowd-${i}@example.com`));
});
afterAll(async () => {
  await t.close();
});

/** Every person sends the request twice at once: 2 × PEOPLE requests in flight. */
const stampede = (method: 'POST' | 'DELETE', url: (p: { id: number }) => string) =>
  Promise.all(
    people.flatMap((p) => [call(method, url(p), p.ticket), call(method, url(p), p.ticket)]),
  );

const rows = async (table: typeof workLikes | typeof workFavorites, workId: number) =>
  (await t.database.db.select({ n: count() }).from(table).where(eq(table.workId, workId)))[0]!.n;

describe('toggles under concurrency', () => {
  it('keeps like and favorite counters equal to their rows, with doubled parallel requests', async () => {
    const owner = await api.signIn('crowd-owner@example.com');
    const work = await insertWork(t.database.db, owner.id);
    const url = (kind: string) => () => `/prod-api/content/works/${work.id}/${kind}`;

    const liked = await stampede('POST', url('like'));
    expect(liked.every((r) => r.code === 0 && r.result.liked === true)).toBe(true);
    const favorited = await stampede('POST', url('favorite'));
    expect(favorited.every((r) => r.code === 0)).toBe(true);
    let [row] = await t.database.db.select().from(works).where(eq(works.id, work.id));
    expect(row).toMatchObject({ likeCount: PEOPLE, favoriteCount: PEOPLE });
    expect(await rows(workLikes, work.id)).toBe(PEOPLE);
    expect(await rows(workFavorites, work.id)).toBe(PEOPLE);
    // Each answer's count is a count some committed state had: never above the people.
    expect(Math.max(...liked.map((r) => r.result.like_count as number))).toBe(PEOPLE);

    // Likes and unlikes racing each other still end exact.
    const mixed = await Promise.all(
      people.flatMap((p, i) => [
        call(i % 2 ? 'DELETE' : 'POST', url('like')(), p.ticket),
        call('DELETE', url('favorite')(), p.ticket),
      ]),
    );
    expect(mixed.every((r) => r.code === 0)).toBe(true);
    [row] = await t.database.db.select().from(works).where(eq(works.id, work.id));
    expect(row!.likeCount).toBe(await rows(workLikes, work.id));
    expect(row!.likeCount).toBe(PEOPLE / 2);
    expect(row!.favoriteCount).toBe(0);

    // One like notice per liker, however often they toggled.
    const notices = await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.userId, owner.id));
    expect(notices[0]!.n).toBe(PEOPLE);
  });

  it('keeps follower counts exact when everyone follows, twice, at once', async () => {
    const star = await api.signIn('crowd-star@example.com');
    const answers = await stampede('POST', () => `/prod-api/content/users/${star.id}/follow`);
    expect(answers.every((r: Json) => r.code === 0 && r.result.followed)).toBe(true);
    const stats = async (userId: number) =>
      (
        await t.database.db
          .select()
          .from(communityUserStats)
          .where(eq(communityUserStats.userId, userId))
      )[0];
    expect((await stats(star.id))?.followersCount).toBe(PEOPLE);
    const edges = await t.database.db
      .select({ n: count() })
      .from(follows)
      .where(eq(follows.followeeId, star.id));
    expect(edges[0]!.n).toBe(PEOPLE);
    expect((await stats(people[0]!.id))?.followingCount).toBe(1);

    // Following each other at the same moment takes locks in one order: no deadlock.
    const [a, b] = people;
    const crossed = await Promise.all([
      call('POST', `/prod-api/content/users/${b!.id}/follow`, a!.ticket),
      call('POST', `/prod-api/content/users/${a!.id}/follow`, b!.ticket),
    ]);
    expect(crossed.map((r) => r.code)).toEqual([0, 0]);

    await stampede('DELETE', () => `/prod-api/content/users/${star.id}/follow`);
    expect((await stats(star.id))?.followersCount).toBe(0);
  });

  it('counts circle members exactly', async () => {
    const [circle] = await t.database.db
      .insert(circles)
      .values({ name: 'Crowd', createdAt: new Date() })
      .returning();
    const answers = await stampede('POST', () => `/prod-api/content/circles/${circle!.id}/join`);
    expect(answers.every((r) => r.code === 0)).toBe(true);
    const [row] = await t.database.db.select().from(circles).where(eq(circles.id, circle!.id));
    expect(row!.memberCount).toBe(PEOPLE);
    const members = await t.database.db
      .select({ n: count() })
      .from(circleMembers)
      .where(eq(circleMembers.circleId, circle!.id));
    expect(members[0]!.n).toBe(PEOPLE);
  });
});
