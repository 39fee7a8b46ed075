import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { insertWork } from './community.fixtures';
import { works } from './community.schema';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
let admin: { ticket: string; id: number };
const call: ReturnType<typeof createApiCaller>['call'] = (...args) => api.call(...args);

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'editor-admin@example.com' } });
  api = createApiCaller(t);
  admin = await api.signIn('editor-admin@example.com');
});
afterAll(async () => {
  await t.close();
});

const edit = (ticket: string, id: number, body: Json) =>
  call('PATCH', `/prod-api/content/works/${id}`, ticket, body);
const detail = (id: number, ticket?: string) =>
  call('GET', `/prod-api/content/works/${id}`, ticket);
const texts = (w: Json) => ({ title: w.title, description: w.description });
const edits = async () =>
  (await call('GET', '/prod-api/admin/works/edits', admin.ticket)).result.data as Json[];
const editOf = async (id: number) => (await edits()).find((e) => e.work.work_id === String(id));
const inbox = async (ticket: string) =>
  (
    await call('POST', '/capi/notify/queryNotifyList', ticket, {
      pageNo: 0,
      pageSize: 20,
      notifyType: 'system',
    })
  ).result.resultList as Json[];

describe('editing an approved work', () => {
  it('sends new text to review; the public keeps the approved text until it is approved', async () => {
    const owner = await api.signIn('edit-owner@example.com');
    const fan = await api.signIn('edit-fan@example.com');
    const work = await insertWork(t.database.db, owner.id, {
      title: 'Harbour',
      description: 'Boats at rest',
    });
    const approvedText = { title: 'Harbour', description: 'Boats at rest' };

    const saved = await edit(owner.ticket, work.id, {
      title: 'Buy cheap pills here',
      description: 'Click the link',
    });
    expect(saved.code).toBe(0);
    // The owner sees their text, and that it waits for review.
    expect(saved.result).toMatchObject({
      status: 'approved',
      title: 'Buy cheap pills here',
      description: 'Click the link',
    });
    expect(saved.result.pending_edit_at).toEqual(expect.any(String));
    expect(texts((await detail(work.id, owner.ticket)).result)).toEqual({
      title: 'Buy cheap pills here',
      description: 'Click the link',
    });
    const mine = await call('GET', '/prod-api/content/works/mine', owner.ticket);
    expect(mine.result.data[0]).toMatchObject({
      work_id: String(work.id),
      title: 'Buy cheap pills here',
      pending_edit_at: saved.result.pending_edit_at,
    });

    // Everyone else still sees the approved text, in the work, the feeds and the share page.
    for (const viewer of [undefined, fan.ticket, admin.ticket]) {
      const seen = (await detail(work.id, viewer)).result;
      expect(texts(seen)).toEqual(approvedText);
      expect(seen.pending_edit_at).toBeNull();
    }
    const explore = await call('GET', '/prod-api/content/works/explore?sort=new', fan.ticket);
    expect(texts(explore.result.data.find((w: Json) => w.work_id === String(work.id)))).toEqual(
      approvedText,
    );
    const share = await t.app.inject({ method: 'GET', url: `/w/${work.id}` });
    expect(share.statusCode).toBe(200);
    expect(share.body).toContain('Harbour');
    expect(share.body).not.toContain('cheap pills');

    // Moderators see both texts in the queue; only they may see it.
    expect((await call('GET', '/prod-api/admin/works/edits', owner.ticket)).code).toBe(1003);
    const queued = await editOf(work.id);
    expect(queued).toMatchObject({
      title: 'Buy cheap pills here',
      description: 'Click the link',
      edited_at: saved.result.pending_edit_at,
      work: { work_id: String(work.id), ...approvedText, status: 'approved' },
    });

    // Rejected: the new text is dropped and the owner is told why.
    const noReason = await call(
      'POST',
      `/prod-api/admin/works/${work.id}/edit/reject`,
      admin.ticket,
      { reason: ' ', edited_at: queued!.edited_at },
    );
    expect(noReason.code).toBe(1001);
    const rejected = await call(
      'POST',
      `/prod-api/admin/works/${work.id}/edit/reject`,
      admin.ticket,
      { reason: 'Spam', edited_at: queued!.edited_at },
    );
    expect(rejected.code).toBe(0);
    expect(rejected.result).toEqual({ work_id: String(work.id), status: 'approved' });
    const afterReject = (await detail(work.id, owner.ticket)).result;
    expect(texts(afterReject)).toEqual(approvedText);
    expect(afterReject.pending_edit_at).toBeNull();
    expect(await editOf(work.id)).toBeUndefined();
    expect((await inbox(owner.ticket))[0]).toMatchObject({
      subType: 'edit_rejected',
      title: 'Your changes were not approved',
      content: '"Harbour" keeps its previous title and description: Spam',
    });

    // Approved: the new text shows to everyone, the owner is told.
    const second = await edit(owner.ticket, work.id, { description: 'Boats at dawn' });
    expect(texts(second.result)).toEqual({ title: 'Harbour', description: 'Boats at dawn' });
    expect(texts((await detail(work.id)).result)).toEqual(approvedText);
    const approved = await call(
      'POST',
      `/prod-api/admin/works/${work.id}/edit/approve`,
      admin.ticket,
      { edited_at: second.result.pending_edit_at },
    );
    expect(approved.result).toEqual({ work_id: String(work.id), status: 'approved' });
    for (const viewer of [undefined, owner.ticket]) {
      const seen = (await detail(work.id, viewer)).result;
      expect(texts(seen)).toEqual({ title: 'Harbour', description: 'Boats at dawn' });
      expect(seen.pending_edit_at).toBeNull();
    }
    expect((await inbox(owner.ticket))[0]).toMatchObject({
      subType: 'edit_approved',
      title: 'Your changes were approved',
    });
    // Nothing is left to decide.
    const twice = await call(
      'POST',
      `/prod-api/admin/works/${work.id}/edit/approve`,
      admin.ticket,
      { edited_at: second.result.pending_edit_at },
    );
    expect(twice).toMatchObject({ code: 1009, msg: 'This work has no changes waiting for review' });
  });

  it('decides only on the version the moderator saw', async () => {
    const owner = await api.signIn('edit-racer@example.com');
    const work = await insertWork(t.database.db, owner.id, { title: 'Kite' });
    const first = await edit(owner.ticket, work.id, { title: 'Kite in May' });
    const seen = await editOf(work.id);
    expect(seen?.title).toBe('Kite in May');
    const later = await edit(owner.ticket, work.id, { title: 'Visit my shop' });
    expect(later.result.pending_edit_at).not.toBe(first.result.pending_edit_at);
    const stale = await call(
      'POST',
      `/prod-api/admin/works/${work.id}/edit/approve`,
      admin.ticket,
      { edited_at: seen!.edited_at },
    );
    expect(stale.code).toBe(1009);
    expect(stale.msg).toMatch(/changed this edit/);
    expect((await detail(work.id)).result.title).toBe('Kite');
    expect((await editOf(work.id))?.title).toBe('Visit my shop');
    // Saving the same text again (turning comments off in the same dialog) keeps its place.
    const resaved = await edit(owner.ticket, work.id, {
      title: 'Visit my shop',
      allow_comments: false,
    });
    expect(resaved.result.pending_edit_at).toBe(later.result.pending_edit_at);
  });

  it('applies other changes at once, and an edit back to the approved text needs no review', async () => {
    const owner = await api.signIn('edit-toggler@example.com');
    const work = await insertWork(t.database.db, owner.id, { title: 'Pier' });
    const off = await edit(owner.ticket, work.id, { allow_comments: false });
    expect(off.result).toMatchObject({ allow_comments: false, pending_edit_at: null });
    expect((await detail(work.id)).result.allow_comments).toBe(false);
    expect(await editOf(work.id)).toBeUndefined();

    const changed = await edit(owner.ticket, work.id, { title: 'Pier at night' });
    expect(changed.result.pending_edit_at).not.toBeNull();
    const back = await edit(owner.ticket, work.id, { title: 'Pier' });
    expect(back.result).toMatchObject({ title: 'Pier', pending_edit_at: null });
    expect(await editOf(work.id)).toBeUndefined();
  });

  it('refuses blocklisted text and keeps what was there', async () => {
    const owner = await api.signIn('edit-blocked@example.com');
    const work = await insertWork(t.database.db, owner.id, { title: 'Dune' });
    await call('POST', '/prod-api/admin/moderation/terms', admin.ticket, { term: 'badterm' });
    const refused = await edit(owner.ticket, work.id, { title: 'A bad\u200bterm' });
    expect(refused.code).toBe(1001);
    const [row] = await t.database.db.select().from(works).where(eq(works.id, work.id));
    expect(row).toMatchObject({ title: 'Dune', pendingTitle: null, pendingEditAt: null });
  });

  it('refuses decisions from others and on works that do not exist', async () => {
    const owner = await api.signIn('edit-outsider@example.com');
    const work = await insertWork(t.database.db, owner.id);
    const pending = await edit(owner.ticket, work.id, { title: 'New name' });
    const at = pending.result.pending_edit_at as string;
    const byOwner = await call(
      'POST',
      `/prod-api/admin/works/${work.id}/edit/approve`,
      owner.ticket,
      {
        edited_at: at,
      },
    );
    expect(byOwner.code).toBe(1003);
    const missing = await call('POST', '/prod-api/admin/works/999999/edit/approve', admin.ticket, {
      edited_at: at,
    });
    expect(missing.code).toBe(1004);
    const badDate = await call(
      'POST',
      `/prod-api/admin/works/${work.id}/edit/approve`,
      admin.ticket,
      {
        edited_at: 'yesterday',
      },
    );
    expect(badDate.code).toBe(1001);
    expect((await detail(work.id)).result.title).toBe('Harbour');
    // Someone else's work cannot be edited at all.
    const other = await api.signIn('edit-intruder@example.com');
    expect((await edit(other.ticket, work.id, { title: 'Mine now' })).code).toBe(1004);
  });
});

describe('editing a work that is not approved', () => {
  it('changes its text at once: it waits for review anyway', async () => {
    const owner = await api.signIn('edit-draft@example.com');
    const work = await insertWork(t.database.db, owner.id, {
      status: 'submitted',
      publishedAt: null,
      title: 'Draft',
    });
    const saved = await edit(owner.ticket, work.id, { title: 'Final', description: 'Done' });
    expect(saved.result).toMatchObject({
      title: 'Final',
      description: 'Done',
      pending_edit_at: null,
    });
    expect(await editOf(work.id)).toBeUndefined();
    const queue = await call('GET', '/prod-api/admin/works?status=submitted', admin.ticket);
    expect(queue.result.data.find((w: Json) => w.work_id === String(work.id)).title).toBe('Final');
  });

  it('keeps the owner’s latest text when a work with an edit in review is hidden', async () => {
    const owner = await api.signIn('edit-hidden@example.com');
    const work = await insertWork(t.database.db, owner.id, { title: 'Lake' });
    await edit(owner.ticket, work.id, { title: 'Lake at noon' });
    const hidden = await call('POST', `/prod-api/admin/works/${work.id}/hide`, admin.ticket);
    expect(hidden.result.status).toBe('hidden');
    expect(await editOf(work.id)).toBeUndefined();
    const seen = (await detail(work.id, owner.ticket)).result;
    expect(seen).toMatchObject({ status: 'hidden', title: 'Lake at noon', pending_edit_at: null });
    // Approving it again shows what the moderator saw in the queue.
    const queue = await call('GET', '/prod-api/admin/works?status=hidden', admin.ticket);
    expect(queue.result.data.find((w: Json) => w.work_id === String(work.id)).title).toBe(
      'Lake at noon',
    );
  });
});
