import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkerRunner } from '@lumen/worker/runner';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { startTestWorker } from '../../../test/support/worker';
import { tasks } from '../generation/generation.schema';
import { notifications } from './community.schema';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
let worker: WorkerRunner;
let admin: { ticket: string; id: number };
const call: ReturnType<typeof createApiCaller>['call'] = (...args) => api.call(...args);

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'ops@example.com' } });
  api = createApiCaller(t);
  worker = startTestWorker(t);
  admin = await api.signIn('ops@example.com');
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

async function generate(ticket: string, extra: Json = {}): Promise<string> {
  const submitted = await call('POST', '/api/gw/v3/image/txt2img/async', ticket, {
    prompt: 'a red kite over green hills',
    ...extra,
  });
  expect(submitted.code, JSON.stringify(submitted)).toBe(0);
  const taskId = submitted.result.task_id as string;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { result } = await call(
      'GET',
      `/api/gw/v3/image/txt2img/async/results?task_id=${taskId}`,
      ticket,
    );
    if (result.status === 'done') return taskId;
    if (['failed', 'cancelled', 'flagged'].includes(result.status)) {
      throw new Error(`task ${taskId} ended ${result.status}`);
    }
    if (Date.now() > deadline) throw new Error(`task ${taskId} still ${result.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const publish = (ticket: string, taskId: string, extra: Json = {}) =>
  call('POST', '/prod-api/content/works', ticket, {
    task_id: taskId,
    output_index: 0,
    title: 'Red kite',
    description: 'Windy afternoon',
    ...extra,
  });

const exploreIds = async (ticket?: string) =>
  (
    (await call('GET', '/prod-api/content/works/explore?sort=new', ticket)).result.data as Json[]
  ).map((w) => w.work_id as string);

describe('the community contract', () => {
  it("shows a free author's work with the watermark, made when it is published", async () => {
    const author = await api.signIn('marked-author@example.com');
    const taskId = await generate(author.ticket);
    const published = await publish(author.ticket, taskId);
    expect(published.code).toBe(0);
    const workId = published.result.work_id as string;
    const mine = (await call('GET', '/prod-api/content/works/mine', author.ticket)).result
      .data as Json[];
    const work = mine.find((w) => w.work_id === workId)!;
    expect(work.media.url).toContain('_wm.png');
    const bytes = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    };
    const { result } = await call(
      'GET',
      `/api/gw/v3/image/txt2img/async/results?task_id=${taskId}`,
      author.ticket,
    );
    const marked = await bytes(work.media.url as string);
    expect(marked.equals(await bytes(result.sub_task_results[0].url as string))).toBe(false);
  });

  it('publishes for review, counts likes exactly, moderates comments, notifies the owner', async () => {
    const owner = await api.signIn('owner@example.com');
    const fan = await api.signIn('fan@example.com');

    const published = await publish(owner.ticket, await generate(owner.ticket));
    expect(published.code).toBe(0);
    expect(published.result.status).toBe('submitted');
    const workId = published.result.work_id as string;

    // Not public before review; its owner sees it in their own list with its state.
    expect(await exploreIds(fan.ticket)).not.toContain(workId);
    expect((await call('GET', `/prod-api/content/works/${workId}`, fan.ticket)).code).toBe(1004);
    const mine = await call('GET', '/prod-api/content/works/mine', owner.ticket);
    expect(mine.result.data[0]).toMatchObject({ work_id: workId, status: 'submitted' });

    // Only an admin approves.
    const refused = await call('POST', `/prod-api/admin/works/${workId}/approve`, fan.ticket);
    expect(refused.code).toBe(1003);
    expect(await exploreIds()).not.toContain(workId);
    const approved = await call('POST', `/prod-api/admin/works/${workId}/approve`, admin.ticket);
    expect(approved.result).toEqual({ work_id: workId, status: 'approved' });
    expect(await exploreIds()).toContain(workId);

    // Likes: one per user, exact counts, `liked` for the liker only.
    const like = () => call('POST', `/prod-api/content/works/${workId}/like`, fan.ticket);
    expect((await like()).result).toEqual({ liked: true, like_count: 1 });
    expect((await like()).result).toEqual({ liked: true, like_count: 1 });
    const seenByFan = (
      await call('GET', '/prod-api/content/works/explore?sort=new', fan.ticket)
    ).result.data.find((w: Json) => w.work_id === workId);
    expect(seenByFan).toMatchObject({ like_count: 1, liked: true });
    const seenByOwner = (await call('GET', '/prod-api/content/works/explore', owner.ticket)).result
      .data[0];
    expect(seenByOwner).toMatchObject({ work_id: workId, like_count: 1, liked: false });
    const unliked = await call('DELETE', `/prod-api/content/works/${workId}/like`, fan.ticket);
    expect(unliked.result).toEqual({ liked: false, like_count: 0 });
    // Liking again after an unlike does not notify the owner a second time.
    expect((await like()).result.like_count).toBe(1);

    // Comments: trimmed, non-empty, at most 500 characters, blocklist → code 10.
    const comment = (text: string) =>
      call('POST', `/prod-api/content/works/${workId}/comments`, fan.ticket, { text });
    expect((await comment('   ')).code).toBe(1001);
    expect((await comment('x'.repeat(501))).code).toBe(1001);
    const longest = await comment(` ${'y'.repeat(500)} `);
    expect(longest.code).toBe(0);
    expect(longest.result.text).toHaveLength(500);
    const term = await call('POST', '/prod-api/admin/moderation/terms', admin.ticket, {
      term: 'forbiddenword',
    });
    expect(term.code).toBe(0);
    const blocked = await comment('this has a ForbiddenWord inside');
    expect(blocked.code).toBe(10);
    expect(blocked.msg).toBe('Comment review failed, please modify it');
    const blockedZh = await t.app.inject({
      method: 'POST',
      url: `/prod-api/content/works/${workId}/comments`,
      headers: { authorization: `Bearer ${fan.ticket}`, 'x-accept-language': 'zh' },
      payload: { text: 'forbiddenword' },
    });
    expect(blockedZh.json()).toMatchObject({ code: 10, msg: '评论审核未通过，请修改' });
    const listed = await call('GET', `/prod-api/content/works/${workId}/comments`, fan.ticket);
    expect(listed.result.data).toHaveLength(1);
    expect((await call('GET', `/prod-api/content/works/${workId}`)).result.comment_count).toBe(1);

    // The owner hears of the like (once) and the comment, unread.
    const inbox = await call('POST', '/capi/notify/queryNotifyList', owner.ticket, {
      pageNo: 0,
      pageSize: 10,
      status: 0,
      notifyType: -1,
    });
    expect(inbox.code).toBe(0);
    const interactive = (inbox.result.resultList as Json[]).filter(
      (n) => n.notifyType === 'interactive',
    );
    expect(interactive.map((n) => n.subType).sort()).toEqual(['comment', 'like']);
    const likeNotice = interactive.find((n) => n.subType === 'like')!;
    expect(likeNotice).toMatchObject({
      readStatus: 0,
      actor: { user_id: fan.id },
      work: { work_id: workId },
      link: `/w/${workId}`,
    });
    expect(likeNotice.title).toContain('liked your work');
    // The approval is a system notice; nobody is told about their own actions.
    expect((inbox.result.resultList as Json[]).map((n) => n.subType)).toContain('work_approved');
    const fanInbox = await call('POST', '/capi/notify/queryNotifyList', fan.ticket, {
      pageNo: 0,
      pageSize: 10,
    });
    expect(fanInbox.result.total).toBe(0);
    // Pages count from 1, and page 0 (the spec's first call) is page one as well.
    const page = (pageNo: number) =>
      call('POST', '/capi/notify/queryNotifyList', owner.ticket, { pageNo, pageSize: 2 });
    const [page0, page1, page2] = await Promise.all([page(0), page(1), page(2)]);
    expect(page1.result.resultList).toHaveLength(2);
    expect(page0.result.resultList).toEqual(page1.result.resultList);
    expect(page2.result.resultList).toHaveLength(1);
    expect(page2.result.resultList[0].id).not.toBe(page1.result.resultList[1].id);

    const poll = await call('GET', '/prod-api/user/notice/polling?timestamp=0', owner.ticket);
    expect(poll.result.unread).toMatchObject({ interactive: 2, system: 1, total: 3 });
    expect(poll.result.has_new).toBe(true);
    const read = await call('POST', '/capi/notify/markRead', owner.ticket, {
      ids: [likeNotice.id],
    });
    expect(read.result.updated).toBe(1);
    const after = await call('POST', '/capi/notify/queryNotifyList', owner.ticket, {
      pageNo: 0,
      pageSize: 10,
      status: 1,
    });
    expect(after.result.resultList.map((n: Json) => n.id)).toEqual([likeNotice.id]);
    expect(after.result.resultList[0].readStatus).toBe(1);

    // Reports: at least one known reason; the work stays visible until a moderator acts.
    const report = (body: Json) => call('POST', '/prod-api/content/reports', fan.ticket, body);
    expect((await report({ work_id: workId, reasons: [] })).code).toBe(1001);
    expect((await report({ work_id: workId })).code).toBe(1001);
    expect((await report({ work_id: workId, reasons: ['boring'] })).code).toBe(1001);
    const filed = await report({
      work_id: workId,
      reasons: ['violent', 'other'],
      description: 'x',
    });
    expect(filed.code).toBe(0);
    expect(await exploreIds()).toContain(workId);
    const queue = await call('GET', '/prod-api/admin/reports?status=open', admin.ticket);
    expect(queue.result.data[0]).toMatchObject({
      report_id: filed.result.report_id,
      target: 'work',
      reasons: ['violent', 'other'],
      work: { work_id: workId },
    });
    expect((await call('GET', '/prod-api/admin/reports', fan.ticket)).code).toBe(1003);
    const resolved = await call(
      'POST',
      `/prod-api/admin/reports/${filed.result.report_id}/resolve`,
      admin.ticket,
      { action: 'hide_work' },
    );
    expect(resolved.result).toMatchObject({ status: 'resolved', action: 'hide_work' });
    expect(await exploreIds()).not.toContain(workId);
    const again = await call(
      'POST',
      `/prod-api/admin/reports/${filed.result.report_id}/resolve`,
      admin.ticket,
      { action: 'dismiss' },
    );
    expect(again.code).toBe(1009);
  });

  it('refuses what may not be published', async () => {
    const maker = await api.signIn('maker@example.com');
    const other = await api.signIn('other@example.com');
    const taskId = await generate(maker.ticket);

    expect((await publish(other.ticket, taskId)).code).toBe(1003);
    expect((await publish(maker.ticket, taskId, { output_index: 3 })).code).toBe(1001);
    expect((await publish(maker.ticket, taskId, { title: '  ' })).code).toBe(1001);
    const first = await publish(maker.ticket, taskId);
    expect(first.code).toBe(0);
    const duplicate = await publish(maker.ticket, taskId);
    expect(duplicate.code).toBe(1009);

    // Unfinished and flagged generations cannot be published.
    const second = await generate(maker.ticket);
    await t.database.db.update(tasks).set({ status: 'generating' }).where(eq(tasks.id, second));
    expect((await publish(maker.ticket, second)).code).toBe(1009);
    await t.database.db.update(tasks).set({ status: 'flagged' }).where(eq(tasks.id, second));
    expect((await publish(maker.ticket, second)).code).toBe(1003);
  });

  it('refuses to publish a private generation', async () => {
    const pro = await api.signIn('pro@example.com');
    const plan = await call('POST', `/prod-api/admin/users/${pro.id}/plan`, admin.ticket, {
      grade: 3,
      days: 30,
    });
    expect(plan.code).toBe(0);
    const taskId = await generate(pro.ticket, { params: { private: true } });
    // Private keeps the run from everyone else; its owner still sees the prompt.
    const results = `/api/gw/v3/image/txt2img/async/results?task_id=${taskId}`;
    expect((await call('GET', results, pro.ticket)).result.prompt).toBe(
      'a red kite over green hills',
    );
    const stranger = await api.signIn('stranger@example.com');
    expect((await call('GET', results, stranger.ticket)).code).toBe(1004);
    const refused = await publish(pro.ticket, taskId);
    expect(refused).toMatchObject({ code: 1003, msg: 'Private creations cannot be published' });
    const mine = await call('GET', '/prod-api/content/works/mine', pro.ticket);
    expect(mine.result.data).toHaveLength(0);
  });

  it('links a remix to its source, counts it once approved, and lists it on the source', async () => {
    const author = await api.signIn('source@example.com');
    const remixer = await api.signIn('remixer@example.com');
    const source = await publish(author.ticket, await generate(author.ticket), {
      title: 'Source',
    });
    const sourceId = source.result.work_id as string;
    // An unapproved work of someone else cannot be remixed yet.
    const early = await call('POST', '/api/gw/v3/image/txt2img/async', remixer.ticket, {
      prompt: 'kite',
      remix_of: sourceId,
    });
    expect(early.code).toBe(1004);
    await call('POST', `/prod-api/admin/works/${sourceId}/approve`, admin.ticket);

    const remixTask = await generate(remixer.ticket, { remix_of: sourceId, params: { seed: 7 } });
    const remix = await publish(remixer.ticket, remixTask, { title: 'Remix' });
    const remixId = remix.result.work_id as string;
    expect((await call('GET', `/prod-api/content/works/${sourceId}`)).result.remix_count).toBe(0);
    await call('POST', `/prod-api/admin/works/${remixId}/approve`, admin.ticket);

    const sourceDetail = (await call('GET', `/prod-api/content/works/${sourceId}`)).result;
    expect(sourceDetail.remix_count).toBe(1);
    expect(sourceDetail.remixes.map((w: Json) => w.work_id)).toEqual([remixId]);
    const remixDetail = (await call('GET', `/prod-api/content/works/${remixId}`)).result;
    expect(remixDetail.remix_of).toMatchObject({
      work_id: sourceId,
      title: 'Source',
      author: { user_id: author.id },
    });
    expect(remixDetail).toMatchObject({
      task_type: 'txt2img',
      prompt: 'a red kite over green hills',
    });

    // Hiding the remix takes it out of the count; unpublishing the source unlinks the remix.
    await call('POST', `/prod-api/admin/works/${remixId}/hide`, admin.ticket);
    expect((await call('GET', `/prod-api/content/works/${sourceId}`)).result.remix_count).toBe(0);
    const gone = await call('DELETE', `/prod-api/content/works/${sourceId}`, author.ticket);
    expect(gone.code).toBe(0);
    expect((await call('GET', `/prod-api/content/works/${sourceId}`, author.ticket)).code).toBe(
      1004,
    );
    const orphan = await call('GET', `/prod-api/content/works/${remixId}`, remixer.ticket);
    expect(orphan.result).toMatchObject({ status: 'hidden', remix_of: null });
  });

  it('lets the comment author and the work owner delete comments, and answers replies', async () => {
    const owner = await api.signIn('gallery@example.com');
    const a = await api.signIn('talker-a@example.com');
    const b = await api.signIn('talker-b@example.com');
    const workId = (await publish(owner.ticket, await generate(owner.ticket))).result
      .work_id as string;
    await call('POST', `/prod-api/admin/works/${workId}/approve`, admin.ticket);
    const post = (ticket: string, body: Json) =>
      call('POST', `/prod-api/content/works/${workId}/comments`, ticket, body);

    const top = (await post(a.ticket, { text: 'lovely colours' })).result;
    const reply = (await post(b.ticket, { text: 'agreed', parent_id: top.comment_id })).result;
    expect(reply).toMatchObject({ parent_id: top.comment_id, reply_to: { user_id: a.id } });
    const nested = (await post(a.ticket, { text: 'thanks', parent_id: reply.comment_id })).result;
    expect(nested).toMatchObject({ parent_id: top.comment_id, reply_to: { user_id: b.id } });

    // The work's author likes a comment: the author-liked mark shows.
    const liked = await call(
      'POST',
      `/prod-api/content/comments/${top.comment_id}/like`,
      owner.ticket,
    );
    expect(liked.result).toEqual({ liked: true, like_count: 1 });
    const page = (await call('GET', `/prod-api/content/works/${workId}/comments`, b.ticket)).result;
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      author_liked: true,
      like_count: 1,
      reply_count: 2,
      can_delete: false,
    });
    expect(page.data[0].replies.map((r: Json) => r.text)).toEqual(['agreed', 'thanks']);
    expect(page.data[0].replies[0].can_delete).toBe(true);

    // A stranger cannot delete; the author deletes a reply; the owner deletes the thread.
    expect(
      (await call('DELETE', `/prod-api/content/comments/${reply.comment_id}`, a.ticket)).code,
    ).toBe(1003);
    expect(
      (await call('DELETE', `/prod-api/content/comments/${reply.comment_id}`, b.ticket)).result,
    ).toEqual({ deleted: 1 });
    expect(
      (await call('DELETE', `/prod-api/content/comments/${top.comment_id}`, owner.ticket)).result,
    ).toEqual({ deleted: 2 });
    expect((await call('GET', `/prod-api/content/works/${workId}`)).result.comment_count).toBe(0);

    // Comments turned off refuse new ones.
    const off = await call('PATCH', `/prod-api/content/works/${workId}`, owner.ticket, {
      allow_comments: false,
    });
    expect(off.result.allow_comments).toBe(false);
    expect((await post(a.ticket, { text: 'hello?' })).code).toBe(1003);

    // Reply and comment-like notices reached their people.
    const aInbox = await call('POST', '/capi/notify/queryNotifyList', a.ticket, {
      pageNo: 0,
      pageSize: 10,
      notifyType: 'interactive',
    });
    expect(aInbox.result.resultList.map((n: Json) => n.subType).sort()).toEqual([
      'comment_like',
      'reply',
    ]);
    const stored = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner.id));
    expect(stored.filter((n) => n.subType === 'comment')).toHaveLength(1);
  });
});
