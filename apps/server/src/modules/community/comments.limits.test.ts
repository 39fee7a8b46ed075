import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMessages } from '../../adapters/mail/mail-folder';
import { ManualClock } from '../../lib/clock';
import { createApiCaller } from '../../../test/support/api-caller';
import { readMailedCode } from '../../../test/support/mailbox';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { insertWork } from './community.fixtures';
import { commentPosts, comments, works } from './community.schema';
import { NOTICE_MAIL_WINDOW_MS } from './notifications.service';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
const clock = new ManualClock(new Date('2026-03-02T10:00:00Z'));
const call: ReturnType<typeof createApiCaller>['call'] = (...args) => api.call(...args);

beforeAll(async () => {
  t = await createTestApp({ clock });
  api = createApiCaller(t, clock);
});
afterAll(async () => {
  await t.close();
});

async function approvedWork(ownerEmail = 'wall-owner@example.com') {
  const owner = await api.signIn(ownerEmail);
  return insertWork(t.database.db, owner.id, { createdAt: clock.now() });
}

const post = (workId: number, ticket: string, text: string, headers: Record<string, string> = {}) =>
  t.app
    .inject({
      method: 'POST',
      url: `/prod-api/content/works/${workId}/comments`,
      headers: { authorization: `Bearer ${ticket}`, ...headers },
      payload: { text },
    })
    .then((res) => ({ status: res.statusCode, ...(res.json() as { code: number; msg: string }) }));

const stored = async (workId: number) => {
  const [rows] = await t.database.db
    .select({ n: count() })
    .from(comments)
    .where(eq(comments.workId, workId));
  const [work] = await t.database.db.select().from(works).where(eq(works.id, workId));
  return { rows: rows!.n, counter: work!.commentCount };
};

describe('comment posting limits', () => {
  it('allows a burst of 5 in 30 s, then refuses with the wait and stores nothing', async () => {
    const work = await approvedWork();
    const fan = await api.signIn('burst@example.com');
    const other = await api.signIn('bystander@example.com');
    for (let i = 1; i <= 5; i++) {
      expect((await post(work.id, fan.ticket, `nice ${i}`)).code).toBe(0);
      clock.advance(2_000);
    }
    // The first of the five was posted 10 s ago: a place frees up in 20 s.
    const refused = await post(work.id, fan.ticket, 'one more');
    expect(refused).toMatchObject({
      status: 429,
      code: 1029,
      msg: 'You are commenting too fast. Please wait 20 s before posting again',
    });
    const refusedZh = await post(work.id, fan.ticket, 'one more', { 'x-accept-language': 'zh' });
    expect(refusedZh.msg).toBe('评论太频繁了，请 20 秒后再发');
    expect(await stored(work.id)).toEqual({ rows: 5, counter: 5 });

    // Deleting a comment does not give its place back.
    const [mine] = await t.database.db
      .select({ id: comments.id })
      .from(comments)
      .where(eq(comments.workId, work.id));
    expect((await call('DELETE', `/prod-api/content/comments/${mine!.id}`, fan.ticket)).code).toBe(
      0,
    );
    expect((await post(work.id, fan.ticket, 'sneaky')).code).toBe(1029);

    // Others are not held up by this user's limit.
    expect((await post(work.id, other.ticket, 'hello')).code).toBe(0);

    clock.advance(20_000);
    expect((await post(work.id, fan.ticket, 'after the wait')).code).toBe(0);
    expect(await stored(work.id)).toEqual({ rows: 6, counter: 6 });
  });

  it('allows 60 in an hour, then refuses until the oldest is an hour old', async () => {
    const work = await approvedWork();
    const fan = await api.signIn('steady@example.com');
    const start = clock.now().getTime();
    for (let i = 0; i < 60; i++) {
      expect((await post(work.id, fan.ticket, `steady ${i}`)).code).toBe(0);
      clock.advance(40_000);
    }
    // 60 posts over 40 minutes: the first leaves the hour at start + 60 min, 20 min from now.
    const refused = await post(work.id, fan.ticket, 'too many');
    expect(refused).toMatchObject({
      code: 1029,
      msg: 'You have posted a lot of comments in the last hour. Please try again in 20 min',
    });
    const refusedJa = await post(work.id, fan.ticket, 'too many', { 'x-accept-language': 'ja' });
    expect(refusedJa.msg).toBe(
      'この1時間に投稿したコメントが多すぎます。20 分後にもう一度お試しください',
    );
    expect((await stored(work.id)).rows).toBe(60);

    // A fresh ticket: the first one has about run its hour by then.
    const { ticket } = await api.signIn('steady@example.com');
    clock.set(new Date(start + 3_600_000 + 1));
    expect((await post(work.id, ticket, 'an hour later')).code).toBe(0);
    // Posts older than the longest window are pruned from the log as new ones arrive.
    const [logged] = await t.database.db
      .select({ n: count() })
      .from(commentPosts)
      .where(eq(commentPosts.userId, fan.id));
    expect(logged!.n).toBe(60);
  });

  it('holds when one user posts many comments at once', async () => {
    const work = await approvedWork();
    const fan = await api.signIn('flood@example.com');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(work.id, fan.ticket, `flood ${i}`)),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(5);
    expect(answers.filter((a) => a.code === 1029)).toHaveLength(7);
    expect(await stored(work.id)).toEqual({ rows: 5, counter: 5 });
  });
});

describe('notification e-mails', () => {
  const commentMails = async (email: string) =>
    (await listMessages(path.join(t.config.dataDir, 'mail'), { to: email, limit: 20 })).filter(
      (m) => m.subject.includes('flower'),
    );

  it('are written in the language the recipient chose, English when none', async () => {
    // Signs in from a Chinese interface: the account keeps zh.
    const email = 'zh-owner@example.com';
    clock.advance(61_000);
    await call('POST', '/prod-api/user/captcha', undefined, { method: 'email', email });
    const login = await t.app.inject({
      method: 'POST',
      url: '/prod-api/user/login',
      headers: { 'x-accept-language': 'zh-CN' },
      payload: { loginType: 'email', email, captcha: await readMailedCode(t, email) },
    });
    const zhOwner = login.json().result as { id: number; ticket: string };
    const enOwner = await api.signIn('en-owner@example.com');
    const fan = await api.signIn('flower-fan@example.com');
    await call('PUT', '/prod-api/user/profile', fan.ticket, { nickname: 'flower' });

    const zhWork = await insertWork(t.database.db, zhOwner.id);
    const enWork = await insertWork(t.database.db, enOwner.id);
    clock.advance(60_000);
    expect((await post(zhWork.id, fan.ticket, 'so good')).code).toBe(0);
    expect((await post(enWork.id, fan.ticket, 'so good')).code).toBe(0);

    const [zhMail] = await commentMails(email);
    expect(zhMail?.subject).toBe('Lumen：flower 评论了你的作品');
    expect(zhMail?.text).toContain('你可以在“设置 - 邮件通知”中关闭这类邮件。');
    const [enMail] = await commentMails('en-owner@example.com');
    expect(enMail?.subject).toBe('Lumen: flower commented on your work');

    // Switching the language in the web app moves later mail along.
    expect(
      (await call('PUT', '/prod-api/user/settings', zhOwner.ticket, { language: 'es' })).result
        .language,
    ).toBe('es');
    clock.advance(NOTICE_MAIL_WINDOW_MS);
    expect((await post(zhWork.id, fan.ticket, 'again')).code).toBe(0);
    const [latest] = await commentMails(email);
    expect(latest?.subject).toBe('Lumen: flower comentó tu obra');
  });
});

describe('notice e-mail digests', () => {
  /** Notice mails to `email`, newest first (the sign-in code is left out). */
  const mailsTo = async (email: string) =>
    (await listMessages(path.join(t.config.dataDir, 'mail'), { to: email, limit: 50 })).filter(
      (m) => /commented|notifications/.test(m.subject),
    );
  const sendDigests = () => t.app.services.community.notifications.sendDigests();

  it('mails the first notice at once and the rest of its window in one digest', async () => {
    const email = 'digest-owner@example.com';
    const owner = await api.signIn(email);
    const work = await insertWork(t.database.db, owner.id, { createdAt: clock.now() });
    const fans = [await api.signIn('maple@example.com'), await api.signIn('birch@example.com')];
    await call('PUT', '/prod-api/user/profile', fans[0]!.ticket, { nickname: 'maple' });
    await call('PUT', '/prod-api/user/profile', fans[1]!.ticket, { nickname: 'birch' });
    await sendDigests();

    expect((await post(work.id, fans[0]!.ticket, 'first!')).code).toBe(0);
    expect(await mailsTo(email)).toHaveLength(1);
    for (let i = 0; i < 12; i++) {
      expect((await post(work.id, fans[i % 2]!.ticket, `more ${i}`)).code).toBe(0);
      clock.advance(10_000);
    }
    // Twelve more comments inside the window: no more mail yet, and no digest before it closes.
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await sendDigests()).toBe(0);

    clock.advance(NOTICE_MAIL_WINDOW_MS);
    // Two nodes running the job at once send it once.
    const [a, b] = await Promise.all([sendDigests(), sendDigests()]);
    expect(a + b).toBe(1);
    const [digest, ...rest] = await mailsTo(email);
    expect(rest).toHaveLength(1);
    expect(digest?.subject).toBe('Lumen: 12 new notifications');
    expect(digest?.text).toContain('• maple commented on your work — more 0');
    expect(digest?.text).toContain('• birch commented on your work — more 9');
    expect(digest?.text).not.toContain('more 10');
    expect(digest?.text).toContain('…and 2 more');
    expect(digest?.text).toContain('/notifications');
    clock.advance(NOTICE_MAIL_WINDOW_MS);
    expect(await sendDigests()).toBe(0);

    // The window the digest opened closes too: the next comment is mailed at once, alone.
    expect((await post(work.id, fans[0]!.ticket, 'back again')).code).toBe(0);
    const [latest] = await mailsTo(email);
    expect(latest?.subject).toBe('Lumen: maple commented on your work');
    expect(await mailsTo(email)).toHaveLength(3);
  });

  it('sends waiting notices with the next one when it opens the window, and drops them when mail is turned off', async () => {
    const email = 'digest-quiet@example.com';
    const owner = await api.signIn(email);
    const work = await insertWork(t.database.db, owner.id, { createdAt: clock.now() });
    const fan = await api.signIn('oak@example.com');
    await call('PUT', '/prod-api/user/profile', fan.ticket, { nickname: 'oak' });
    await sendDigests();

    expect((await post(work.id, fan.ticket, 'one')).code).toBe(0);
    clock.advance(20_000);
    expect((await post(work.id, fan.ticket, 'two')).code).toBe(0);
    clock.advance(NOTICE_MAIL_WINDOW_MS);
    // The window closed before the job ran: the next comment takes the waiting one along.
    expect((await post(work.id, fan.ticket, 'three')).code).toBe(0);
    const [both] = await mailsTo(email);
    expect(both?.subject).toBe('Lumen: 2 new notifications');
    expect(both?.text).toMatch(/— two\n• oak commented on your work — three/);
    expect(await sendDigests()).toBe(0);

    clock.advance(20_000);
    expect((await post(work.id, fan.ticket, 'four')).code).toBe(0);
    await call('PUT', '/prod-api/user/settings', owner.ticket, {
      email_notices: { comments: false },
    });
    clock.advance(NOTICE_MAIL_WINDOW_MS);
    expect(await sendDigests()).toBe(0);
    expect(await mailsTo(email)).toHaveLength(2);
  });
});
