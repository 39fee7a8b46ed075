import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCaller } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { insertWork } from './community.fixtures';
import { commentPosts, comments, notifications, works } from './community.schema';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;

beforeAll(async () => {
  t = await createTestApp();
  api = createApiCaller(t);
  // A notification store that fails, the way a row PostgreSQL refuses fails the insert.
  await t.database.db.execute(sql`
    create function refuse_notification() returns trigger language plpgsql as $$
    begin
      raise exception 'notification store unavailable';
    end $$`);
});
afterAll(async () => {
  await t.close();
});

/** Runs `fn` while every notification insert fails. */
async function withFailingNotifications<T>(fn: () => Promise<T>): Promise<T> {
  await t.database.db.execute(sql`create trigger refuse_notification before insert on notifications
    for each row execute function refuse_notification()`);
  try {
    return await fn();
  } finally {
    await t.database.db.execute(sql`drop trigger refuse_notification on notifications`);
  }
}

/** What the database holds for one work: its comments, its counter, posts counted, notices. */
async function stored(workId: number, userId: number) {
  const db = t.database.db;
  const [c] = await db.select({ n: count() }).from(comments).where(eq(comments.workId, workId));
  const [w] = await db.select({ n: works.commentCount }).from(works).where(eq(works.id, workId));
  const [p] = await db
    .select({ n: count() })
    .from(commentPosts)
    .where(eq(commentPosts.userId, userId));
  const [n] = await db
    .select({ n: count() })
    .from(notifications)
    .where(eq(notifications.workId, workId));
  return { comments: c?.n, commentCount: w?.n, posts: p?.n, notices: n?.n };
}

describe('posting a comment', () => {
  it('stores the comment and its notification together, or neither', async () => {
    const owner = await api.signIn('atomic-owner@example.com');
    const fan = await api.signIn('atomic-fan@example.com');
    const work = await insertWork(t.database.db, owner.id, { title: 'Tide' });
    const post = (text: string) =>
      api.call('POST', `/prod-api/content/works/${work.id}/comments`, fan.ticket, { text });

    const failed = await withFailingNotifications(() => post('Lovely light'));
    expect(failed.code).not.toBe(0);
    // Nothing half-saved: no comment, no counter moved, no place in the posting limit used.
    expect(await stored(work.id, fan.id)).toEqual({
      comments: 0,
      commentCount: 0,
      posts: 0,
      notices: 0,
    });

    // The retry posts it once, with its notification.
    const retried = await post('Lovely light');
    expect(retried.code).toBe(0);
    expect(await stored(work.id, fan.id)).toEqual({
      comments: 1,
      commentCount: 1,
      posts: 1,
      notices: 1,
    });
    const listed = await api.call('GET', `/prod-api/content/works/${work.id}/comments`);
    expect(listed.result.data.map((c: { text: string }) => c.text)).toEqual(['Lovely light']);

    // A reply (its author is told) is all-or-nothing as well, the parent's count included.
    const parentId = retried.result.comment_id as string;
    const ownerReply = (text: string) =>
      api.call('POST', `/prod-api/content/works/${work.id}/comments`, owner.ticket, {
        text,
        parent_id: parentId,
      });
    expect((await withFailingNotifications(() => ownerReply('Thank you'))).code).not.toBe(0);
    const [parent] = await t.database.db
      .select({ replies: comments.replyCount })
      .from(comments)
      .where(eq(comments.id, Number(parentId)));
    expect(parent?.replies).toBe(0);
    expect(await stored(work.id, owner.id)).toMatchObject({ comments: 1, posts: 0, notices: 1 });
    expect((await ownerReply('Thank you')).code).toBe(0);
    expect(await stored(work.id, owner.id)).toMatchObject({ comments: 2, posts: 1, notices: 2 });
  });

  it('refuses text that cannot be stored without keeping any of it', async () => {
    const owner = await api.signIn('surrogate-owner@example.com');
    const fan = await api.signIn('surrogate-fan@example.com');
    const work = await insertWork(t.database.db, owner.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/prod-api/content/works/${work.id}/comments`,
      headers: { authorization: `Bearer ${fan.ticket}`, 'content-type': 'application/json' },
      payload: '{"text":"broken \\ud800 text"}',
    });
    expect(res.json().code).not.toBe(0);
    expect(await stored(work.id, fan.id)).toEqual({
      comments: 0,
      commentCount: 0,
      posts: 0,
      notices: 0,
    });
    const ok = await api.call('POST', `/prod-api/content/works/${work.id}/comments`, fan.ticket, {
      text: 'fine text',
    });
    expect(ok.code).toBe(0);
    expect(await stored(work.id, fan.id)).toMatchObject({ comments: 1, notices: 1 });
  });
});
