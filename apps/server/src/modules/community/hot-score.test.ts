import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories';
import { createTestDatabase } from '../../../test/support/test-database';
import type { DatabaseHandle } from '../../db/database';
import { createCommentsRepository } from './comments.repository';
import { insertWork } from './community.fixtures';
import { comments as commentRows, hotScoreAt, works } from './community.schema';
import { createFeedRepository, type CardFilter } from './feed.repository';
import { createHotRanking } from './hot-ranking';
import { createSocialRepository } from './social.repository';

let handle: DatabaseHandle;
let likers: number[];
const hours = (h: number) => h * 3600_000;
const T0 = new Date('2026-06-01T12:00:00Z');

/** A small deterministic generator, so a failure names the same data each run. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/**
 * The hot ranking as it was defined before the stored score: every approved work of the 30-day
 * window scored at `at` by the formula (in numeric arithmetic, as it was), written out here so
 * the test pins its meaning.
 */
async function formulaRanking(filter: CardFilter, at: Date, limit: number) {
  const iso = at.toISOString();
  const score = sql<number>`((like_count + 2 * comment_count + favorite_count + 1)::float8
    / power(greatest(extract(epoch from (${iso}::timestamptz - published_at)) / 3600.0, 0) + 2, 1.5))`;
  const rows = await handle.db
    .select({ id: works.id, score })
    .from(works)
    .where(
      sql`status = 'approved' ${filter.kind ? sql`and kind = ${filter.kind}` : sql``}
        and published_at > ${iso}::timestamptz - interval '30 days'
        and published_at <= ${iso}::timestamptz`,
    )
    .orderBy(sql`${score} desc`, sql`id desc`)
    .limit(limit);
  return rows.map((r) => ({ id: r.id, score: Number(r.score) }));
}

async function expectSameRanking(instants: Date[]) {
  const feed = createFeedRepository(handle.db);
  for (const at of instants) {
    for (const filter of [{ status: 'approved' }, { status: 'approved', kind: 'video' }]) {
      for (const limit of [5, 40, 1000]) {
        const stored = await feed.rankHot(filter, at, limit);
        const formula = await formulaRanking(filter, at, limit);
        const label = `${at.toISOString()} ${JSON.stringify(filter)} ${limit}`;
        expect(
          stored.map((r) => r.id),
          label,
        ).toEqual(formula.map((r) => r.id));
        // The stored score is evaluated in double precision, the formula here in numeric.
        const drift = stored.map((r, i) => Math.abs(r.score / formula[i]!.score - 1));
        expect(Math.max(0, ...drift), label).toBeLessThan(1e-12);
      }
    }
  }
}

beforeAll(async () => {
  handle = await createTestDatabase();
  likers = [];
  for (let i = 0; i < 12; i++) likers.push((await createUser(handle.db)).id);
  const next = random(42);
  const author = likers[0]!;
  // 160 works over 40 days before T0 and a few after it, with skewed engagement and statuses.
  for (let i = 0; i < 160; i++) {
    const published = new Date(T0.getTime() - hours(next() * 40 * 24) + hours(6));
    const heat = Math.floor(next() ** 3 * 400);
    await insertWork(handle.db, author, {
      kind: next() < 0.3 ? 'video' : 'image',
      status: next() < 0.1 ? (next() < 0.5 ? 'hidden' : 'reviewing') : 'approved',
      createdAt: published,
      publishedAt: published,
      likeCount: heat,
      commentCount: Math.floor(heat * next() * 0.3),
      favoriteCount: Math.floor(heat * next() * 0.5),
    });
  }
}, 60_000);
afterAll(async () => {
  await handle.close();
});

describe('hot ranking from the stored score', () => {
  it('orders as the formula does, before any refresh, after refreshes, and as time passes', async () => {
    const feed = createFeedRepository(handle.db);
    const later = [0, 1, 3, 30, 24 * 2, 24 * 9, 24 * 29].map(
      (h) => new Date(T0.getTime() + hours(h)),
    );
    await expectSameRanking(later);
    // Bounds taken an hour before T0, then a day later: rankings from then on match; a
    // ranking at an instant before the bounds were taken (an old cursor) matches as well.
    expect(await feed.refreshHotBounds(new Date(T0.getTime() - hours(1)), 20)).toBeGreaterThan(0);
    await expectSameRanking([...later, new Date(T0.getTime() - hours(3))]);
    await feed.refreshHotBounds(new Date(T0.getTime() + hours(24)), 20);
    await expectSameRanking([
      new Date(T0.getTime() + hours(24)),
      new Date(T0.getTime() + hours(30)),
      new Date(T0.getTime() + hours(24 * 12)),
      new Date(T0.getTime() + hours(2)),
    ]);
  });

  it('keeps the bounds at the top taken at the refresh instant, and none above the score', async () => {
    const feed = createFeedRepository(handle.db);
    const ref = new Date(T0.getTime() + hours(48));
    await feed.refreshHotBounds(ref, 15);
    const top = await handle.db
      .select({
        from: sql<Date>`coalesce(${works.hotAt}, ${works.publishedAt})`.mapWith(works.hotAt),
      })
      .from(works)
      .where(eq(works.status, 'approved'))
      .orderBy(sql`${works.hotScore} desc`, sql`${works.id} desc`)
      .limit(15);
    expect(top.filter((r) => r.from.getTime() < ref.getTime())).toEqual([]);
    // Every bound is at or above the score the ranking computes, at the refresh and after.
    for (const at of [ref, new Date(ref.getTime() + hours(7))]) {
      const [below] = await handle.db
        .select({ n: sql<number>`count(*)::int` })
        .from(works)
        .where(
          and(
            sql`published_at <= ${at.toISOString()}::timestamptz`,
            sql`${works.hotScore} < ${hotScoreAt(sql`${at.toISOString()}::timestamptz`)}`,
          ),
        );
      expect(below!.n).toBe(0);
    }
  });

  it('follows likes, unlikes, favourites, comments, deletes and hidden works', async () => {
    const social = createSocialRepository(handle.db);
    const comments = createCommentsRepository(handle.db);
    const at = new Date(T0.getTime() + hours(49));
    const ranked = await formulaRanking({ status: 'approved' }, at, 200);
    // Engagement lands on works low in the ranking, enough to lift some past the top.
    const low = ranked.slice(-12).map((r) => r.id);
    const now = new Date(T0.getTime() + hours(48));
    for (const [i, workId] of low.entries()) {
      for (const user of likers.slice(0, 4 + i)) {
        await social.toggleLike(user, workId, true, now);
        await social.toggleFavorite(user, workId, true, now);
      }
      for (let c = 0; c < i * 3; c++) {
        await comments.insertComment(
          { workId, userId: likers[c % likers.length]!, text: 'hot', createdAt: now },
          [],
          async () => null,
        );
      }
    }
    // Some come back down: unlikes, unfavourites, a deleted comment with its replies.
    for (const workId of low.slice(0, 4)) {
      for (const user of likers.slice(0, 3)) {
        await social.toggleLike(user, workId, false, now);
        await social.toggleFavorite(user, workId, false, now);
      }
    }
    const [doomed] = await handle.db
      .select({ id: commentRows.id })
      .from(commentRows)
      .where(eq(commentRows.workId, low[11]!))
      .limit(1);
    expect(await comments.deleteComment(doomed!.id)).toBeGreaterThan(0);
    // The best works leave: one deleted, one hidden, one sent back to review.
    const best = ranked.slice(0, 3).map((r) => r.id);
    await handle.db.delete(works).where(eq(works.id, best[0]!));
    await handle.db.update(works).set({ status: 'hidden' }).where(eq(works.id, best[1]!));
    await handle.db.update(works).set({ status: 'reviewing' }).where(eq(works.id, best[2]!));
    await expectSameRanking([
      at,
      new Date(at.getTime() + hours(5)),
      new Date(at.getTime() + hours(24 * 4)),
    ]);
    const after = (
      await createFeedRepository(handle.db).rankHot({ status: 'approved' }, at, 200)
    ).map((r) => r.id);
    expect(after).not.toContain(best[0]);
    expect(after).not.toContain(best[1]);
    expect(after).not.toContain(best[2]);
    await createFeedRepository(handle.db).refreshHotBounds(at, 10);
    await expectSameRanking([at, new Date(at.getTime() + hours(3))]);
  });

  it('ranks an instant before the latest refresh as the formula does', async () => {
    const feed = createFeedRepository(handle.db);
    // Alone in their window: one fresh work and five older, better-liked ones.
    const at = new Date(T0.getTime() + hours(24 * 200));
    const author = likers[1]!;
    const fresh = await insertWork(handle.db, author, {
      publishedAt: new Date(at.getTime() - hours(0.5)),
      likeCount: 10,
    });
    for (let i = 0; i < 5; i++) {
      await insertWork(handle.db, author, {
        publishedAt: new Date(at.getTime() - hours(20)),
        likeCount: 100,
      });
    }
    // Taken ten hours later, the fresh work's bound is below the older works' score at `at`,
    // though its own score at `at` is the best.
    await feed.refreshHotBounds(new Date(at.getTime() + hours(10)), 50);
    for (const limit of [1, 2, 3]) {
      const ranked = await feed.rankHot({ status: 'approved' }, at, limit);
      expect(ranked.map((r) => r.id)).toEqual(
        (await formulaRanking({ status: 'approved' }, at, limit)).map((r) => r.id),
      );
      expect(ranked[0]!.id).toBe(fresh.id);
    }
  });

  it('the hourly refresh takes the bounds at the whole minute an hour before the clock', async () => {
    const now = new Date(T0.getTime() + hours(24 * 300) + 59_999);
    const work = await insertWork(handle.db, likers[2]!, {
      publishedAt: new Date(now.getTime() - hours(5)),
      likeCount: 5000,
    });
    await createHotRanking(createFeedRepository(handle.db)).refreshBounds(now);
    const [row] = await handle.db
      .select({ hotAt: works.hotAt })
      .from(works)
      .where(eq(works.id, work.id));
    expect(row!.hotAt).toEqual(new Date(T0.getTime() + hours(24 * 300) - hours(1)));
  });

  it('counts concurrent likes and unlikes exactly, and the stored score follows them', async () => {
    const social = createSocialRepository(handle.db);
    const work = await insertWork(handle.db, likers[0]!, { publishedAt: T0, createdAt: T0 });
    const now = new Date(T0.getTime() + hours(1));
    // Everyone likes at once, twice; then half unlike at once, twice.
    await Promise.all(
      [...likers, ...likers].map((user) => social.toggleLike(user, work.id, true, now)),
    );
    await Promise.all(
      [...likers.slice(0, 6), ...likers.slice(0, 6)].map((user) =>
        social.toggleLike(user, work.id, false, now),
      ),
    );
    const [row] = await handle.db
      .select({ likes: works.likeCount, score: works.hotScore })
      .from(works)
      .where(inArray(works.id, [work.id]));
    expect(row!.likes).toBe(likers.length - 6);
    // Never refreshed: the bound is the score at publication.
    expect(row!.score).toBeCloseTo((likers.length - 6 + 1) / 2 ** 1.5, 12);
  });
});
