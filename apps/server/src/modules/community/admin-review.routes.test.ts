import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMessages } from '../../adapters/mail/mail-folder';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { insertWork } from './community.fixtures';

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

const mailTo = async (email: string) =>
  (await listMessages(path.join(t.config.dataDir, 'mail'), { to: email, limit: 50 })).filter(
    (m) => !/verification code/i.test(m.subject),
  );

describe('admin review', () => {
  it('moves works through review, tells the author why, and refuses odd moves', async () => {
    const author = await api.signIn('reviewed@example.com');
    const work = await insertWork(t.database.db, author.id, {
      status: 'submitted',
      publishedAt: null,
      title: 'Dusk',
    });
    const queue = await call('GET', '/prod-api/admin/works?status=submitted', admin.ticket);
    expect(queue.result.data.map((w: Json) => w.work_id)).toContain(String(work.id));
    expect((await call('GET', '/prod-api/admin/works', author.ticket)).code).toBe(1003);

    const claimed = await call('POST', `/prod-api/admin/works/${work.id}/review`, admin.ticket);
    expect(claimed.result.status).toBe('reviewing');
    const noReason = await call('POST', `/prod-api/admin/works/${work.id}/reject`, admin.ticket, {
      reason: ' ',
    });
    expect(noReason.code).toBe(1001);
    const rejected = await call('POST', `/prod-api/admin/works/${work.id}/reject`, admin.ticket, {
      reason: 'Blurry',
    });
    expect(rejected.result.status).toBe('rejected');
    const mine = await call('GET', '/prod-api/content/works/mine?status=rejected', author.ticket);
    expect(mine.result.data[0]).toMatchObject({
      work_id: String(work.id),
      status: 'rejected',
      reject_reason: 'Blurry',
    });
    const inbox = await call('POST', '/capi/notify/queryNotifyList', author.ticket, {
      pageNo: 0,
      pageSize: 10,
      notifyType: 'system',
    });
    expect(inbox.result.resultList[0]).toMatchObject({
      subType: 'work_rejected',
      title: 'Your work was not approved',
      content: '"Dusk": Blurry',
    });
    const again = await call('POST', `/prod-api/admin/works/${work.id}/review`, admin.ticket);
    expect(again.code).toBe(1009);
    const approved = await call('POST', `/prod-api/admin/works/${work.id}/approve`, admin.ticket);
    expect(approved.result.status).toBe('approved');
    const detail = await call('GET', `/prod-api/content/works/${work.id}`);
    expect(detail.result).toMatchObject({ status: 'approved', reject_reason: null });
    expect(detail.result.published_at).not.toBeNull();
  });

  it('bans a user: sessions end, sign-in is refused with its own message', async () => {
    const credentials = { username: 'trollface', password: 'Troll1234' };
    const registered = await call('POST', '/prod-api/user/register', undefined, {
      ...credentials,
      confirm_password: credentials.password,
      agree_terms: true,
    });
    const troll = {
      ticket: registered.result.ticket as string,
      id: registered.result.id as number,
    };
    expect(
      (await call('POST', `/prod-api/admin/users/${troll.id}/ban`, troll.ticket, { reason: 'x' }))
        .code,
    ).toBe(1003);
    const banned = await call('POST', `/prod-api/admin/users/${troll.id}/ban`, admin.ticket, {
      reason: 'Spam in comments',
    });
    expect(banned.result).toEqual({ user_id: troll.id, status: 'banned' });
    expect((await call('GET', '/prod-api/content/works/mine', troll.ticket)).code).toBe(3015);
    const login = await call('POST', '/prod-api/user/login', undefined, credentials);
    expect(login).toMatchObject({
      code: 1003,
      msg: 'This account has been banned and can no longer sign in',
    });
    // A banned author's page is gone too.
    expect((await call('GET', `/prod-api/content/users/${troll.id}`)).code).toBe(1004);
  });

  it('broadcasts official messages and honours e-mail notice settings', async () => {
    const quiet = await api.signIn('quiet@example.com');
    const loud = await api.signIn('loud@example.com');
    const fan = await api.signIn('mailfan@example.com');
    const off = await call('PUT', '/prod-api/user/settings', quiet.ticket, {
      email_notices: { likes: false },
    });
    expect(off.result.email_notices.likes).toBe(false);
    const quietWork = await insertWork(t.database.db, quiet.id);
    const loudWork = await insertWork(t.database.db, loud.id, { title: 'Loud kite' });
    await call('POST', `/prod-api/content/works/${quietWork.id}/like`, fan.ticket);
    await call('POST', `/prod-api/content/works/${loudWork.id}/like`, fan.ticket);
    expect(await mailTo('quiet@example.com')).toHaveLength(0);
    const loudMail = await mailTo('loud@example.com');
    expect(loudMail).toHaveLength(1);
    expect(loudMail[0]!.subject).toContain('liked your work');
    expect(loudMail[0]!.text).toContain(`/w/${loudWork.id}`);

    const refused = await call('POST', '/prod-api/admin/notifications', fan.ticket, {
      title: 'Hi',
      content: 'There',
    });
    expect(refused.code).toBe(1003);
    const sent = await call('POST', '/prod-api/admin/notifications', admin.ticket, {
      notifyType: 'official',
      title: 'Spring campaign',
      content: 'Kites everywhere',
      link: '/campaigns',
    });
    expect(sent.result.sent).toBeGreaterThanOrEqual(3);
    const inbox = await call('POST', '/capi/notify/queryNotifyList', quiet.ticket, {
      pageNo: 0,
      pageSize: 10,
      notifyType: 'official',
    });
    expect(inbox.result.resultList[0]).toMatchObject({
      subType: 'broadcast',
      title: 'Spring campaign',
      content: 'Kites everywhere',
      readStatus: 0,
      link: '/campaigns',
    });
    const all = await call('POST', '/capi/notify/markRead', quiet.ticket, { all: true });
    expect(all.result.updated).toBeGreaterThanOrEqual(1);
    const poll = await call('GET', '/prod-api/user/notice/polling', quiet.ticket);
    expect(poll.result.unread.total).toBe(0);
  });
});
