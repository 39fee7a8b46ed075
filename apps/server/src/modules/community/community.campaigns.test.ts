import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { ManualClock } from '../../lib/clock';
import { insertWork } from './community.fixtures';

const clock = new ManualClock(new Date('2026-03-01T00:00:00Z'));
let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
const call: ReturnType<typeof createApiCaller>['call'] = (...args) => api.call(...args);
const MIN = 60_000;
const HOUR = 60 * MIN;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'ops@example.com' }, clock });
  api = createApiCaller(t, clock);
});
afterAll(async () => {
  await t.close();
});

/** Tickets last an hour: after moving the clock far, everyone signs in again. */
async function signInAll(emails: string[]) {
  const out: Record<string, { ticket: string; id: number }> = {};
  for (const email of emails) out[email] = await api.signIn(`${email}@example.com`);
  return out;
}

const at = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs).toISOString();

describe('campaign lifecycle', () => {
  it('follows its dates: entry, voting with one vote per user, results by votes, the dot', async () => {
    let u = await signInAll(['ops', 'ann', 'ben', 'cat']);
    const refused = await call('POST', '/prod-api/admin/campaigns', u.ann!.ticket, {
      title: 'Nope',
      entry_starts_at: at(MIN),
      entry_ends_at: at(HOUR),
      voting_ends_at: at(2 * HOUR),
    });
    expect(refused.code).toBe(1003);
    const backwards = await call('POST', '/prod-api/admin/campaigns', u.ops!.ticket, {
      title: 'Backwards',
      entry_starts_at: at(HOUR),
      entry_ends_at: at(MIN),
      voting_ends_at: at(2 * HOUR),
    });
    expect(backwards.code).toBe(1001);
    const created = await call('POST', '/prod-api/admin/campaigns', u.ops!.ticket, {
      title: 'Spring kites',
      rules: 'One kite per entry',
      judging: 'votes',
      kind: 'image',
      entry_starts_at: at(10 * MIN),
      entry_ends_at: at(3 * HOUR),
      voting_ends_at: at(6 * HOUR),
    });
    expect(created.code).toBe(0);
    const cmpId = created.result.cmp_id as string;

    // Not shown before its start.
    expect((await call('GET', '/prod-api/content/campaign/list')).result.list).toEqual([]);
    expect((await call('GET', `/prod-api/content/campaign/${cmpId}`)).code).toBe(1004);
    expect((await call('GET', '/prod-api/content/campaign/dot', u.ann!.ticket)).result).toEqual({
      total: 0,
      last_seen: 0,
      dot: false,
    });
    // Admins see it ahead of its start, to edit it; others may not use the admin list.
    const adminList = async (status: string, ticket: string) =>
      call('GET', `/prod-api/admin/campaigns?status=${status}&page=1&page_size=10`, ticket);
    const upcoming = await adminList('upcoming', u.ops!.ticket);
    expect(upcoming.result.list.map((c: Json) => c.cmp_id)).toEqual([cmpId]);
    expect(upcoming.result.total_count).toBe(1);
    expect((await adminList('all', u.ops!.ticket)).result.total_count).toBe(1);
    expect((await adminList('entry', u.ops!.ticket)).result.total_count).toBe(0);
    expect((await adminList('all', u.ann!.ticket)).code).toBe(1003);

    clock.advance(15 * MIN);
    u = await signInAll(['ops', 'ann', 'ben', 'cat']);
    const listed = (await call('GET', '/prod-api/content/campaign/list')).result.list as Json[];
    expect(listed.map((c) => [c.cmp_id, c.status])).toEqual([[cmpId, 'entry']]);
    const byStatus = async (status: string) =>
      (await call('GET', `/prod-api/content/campaign?status=${status}&page=1&page_size=10`)).result;
    expect((await byStatus('entry')).total_count).toBe(1);
    expect((await byStatus('past')).total_count).toBe(0);
    expect((await call('GET', '/prod-api/content/campaign/dot', u.ann!.ticket)).result.dot).toBe(
      true,
    );
    const seen = await call('POST', '/prod-api/content/campaign/dot/seen', u.ann!.ticket);
    expect(seen.result).toEqual({ total: 1, last_seen: 1, dot: false });

    // Entries: own approved works of the right kind, once.
    const now = clock.now();
    const annWork = await insertWork(t.database.db, u.ann!.id, {
      createdAt: now,
      publishedAt: now,
    });
    const benWork = await insertWork(t.database.db, u.ben!.id, {
      createdAt: now,
      publishedAt: now,
    });
    const catDraft = await insertWork(t.database.db, u.cat!.id, { status: 'submitted' });
    const catVideo = await insertWork(t.database.db, u.cat!.id, { kind: 'video' });
    const enter = (who: { ticket: string }, workId: number) =>
      call('POST', `/prod-api/content/campaign/${cmpId}/entries`, who.ticket, {
        work_id: String(workId),
      });
    expect((await enter(u.ann!, benWork.id)).code).toBe(1004);
    expect((await enter(u.cat!, catDraft.id)).code).toBe(1003);
    expect((await enter(u.cat!, catVideo.id)).code).toBe(1001);
    expect((await enter(u.ann!, annWork.id)).result).toMatchObject({ entry_count: 1 });
    expect((await enter(u.ann!, annWork.id)).code).toBe(1009);
    expect((await enter(u.ben!, benWork.id)).result.entry_count).toBe(2);
    // A work published for the campaign enters when it is approved.
    const pending = await insertWork(t.database.db, u.cat!.id, {
      status: 'submitted',
      cmpId: Number(cmpId),
      publishedAt: null,
    });
    await call('POST', `/prod-api/admin/works/${pending.id}/approve`, u.ops!.ticket);
    expect((await call('GET', `/prod-api/content/campaign/${cmpId}`)).result.entry_count).toBe(3);
    const feed = await call('GET', `/prod-api/content/works/explore?cmp_id=${cmpId}`);
    expect(feed.result.data).toHaveLength(3);

    const vote = (who: { ticket: string }, workId: number, method: 'POST' | 'DELETE' = 'POST') =>
      call(method, `/prod-api/content/campaign/${cmpId}/entries/${workId}/vote`, who.ticket);
    expect((await vote(u.cat!, annWork.id)).code).toBe(1009);

    clock.advance(3 * HOUR);
    u = await signInAll(['ops', 'ann', 'ben', 'cat']);
    expect((await call('GET', `/prod-api/content/campaign/${cmpId}`)).result.status).toBe(
      'in_progress',
    );
    const late = await insertWork(t.database.db, u.ben!.id);
    expect((await enter(u.ben!, late.id)).code).toBe(1009);
    expect((await vote(u.cat!, annWork.id)).result).toEqual({ voted: true, votes: 1 });
    expect((await vote(u.cat!, annWork.id)).result).toEqual({ voted: true, votes: 1 });
    expect((await vote(u.ben!, annWork.id)).result).toEqual({ voted: true, votes: 2 });
    expect((await vote(u.ann!, benWork.id)).result).toEqual({ voted: true, votes: 1 });
    expect((await vote(u.ann!, pending.id)).result.votes).toBe(1);
    expect((await vote(u.ann!, pending.id, 'DELETE')).result).toEqual({ voted: false, votes: 0 });
    expect((await vote(u.ann!, late.id)).code).toBe(1004);

    const entries = await call(
      'GET',
      `/prod-api/content/campaign/${cmpId}/entries?sort=votes&limit=2`,
      u.cat!.ticket,
    );
    expect(entries.result.data.map((e: Json) => [e.work.work_id, e.votes, e.voted])).toEqual([
      [String(annWork.id), 2, true],
      [String(benWork.id), 1, false],
    ]);
    const more = await call(
      'GET',
      `/prod-api/content/campaign/${cmpId}/entries?sort=votes&limit=2&cursor=${encodeURIComponent(entries.result.next_cursor)}`,
    );
    expect(more.result.data.map((e: Json) => e.work.work_id)).toEqual([String(pending.id)]);
    expect(more.result.next_cursor).toBeNull();

    clock.advance(3 * HOUR);
    u = await signInAll(['ops', 'ann', 'ben', 'cat']);
    const past = (await call('GET', `/prod-api/content/campaign/${cmpId}`)).result;
    expect(past.status).toBe('past');
    expect(past.results.map((r: Json) => [r.rank, r.work.work_id, r.votes])).toEqual([
      [1, String(annWork.id), 2],
      [2, String(benWork.id), 1],
      [3, String(pending.id), 0],
    ]);
    expect((await vote(u.cat!, benWork.id)).code).toBe(1009);
    expect((await byStatus('past')).list.map((c: Json) => c.cmp_id)).toEqual([cmpId]);
    const results = await call(
      'POST',
      `/prod-api/admin/campaigns/${cmpId}/results`,
      u.ops!.ticket,
      {
        ranking: [String(benWork.id)],
      },
    );
    expect(results.code).toBe(1009);
  });

  it("ranks a judged campaign by the judges' order and tells the entrants", async () => {
    let u = await signInAll(['ops', 'dan', 'eve']);
    const created = await call('POST', '/prod-api/admin/campaigns', u.ops!.ticket, {
      title: 'Judged',
      judging: 'judges',
      entry_starts_at: at(-MIN),
      entry_ends_at: at(HOUR),
      voting_ends_at: at(2 * HOUR),
    });
    const cmpId = created.result.cmp_id as string;
    expect(
      (await call('GET', '/prod-api/content/campaign/dot', u.dan!.ticket)).result,
    ).toMatchObject({ dot: true });
    const dan = await insertWork(t.database.db, u.dan!.id, { kind: 'video' });
    const eve = await insertWork(t.database.db, u.eve!.id);
    for (const [who, work] of [
      [u.dan!, dan],
      [u.eve!, eve],
    ] as const) {
      const entered = await call(
        'POST',
        `/prod-api/content/campaign/${cmpId}/entries`,
        who.ticket,
        {
          work_id: String(work.id),
        },
      );
      expect(entered.code).toBe(0);
    }
    const rank = (ranking: number[]) =>
      call('POST', `/prod-api/admin/campaigns/${cmpId}/results`, u.ops!.ticket, {
        ranking: ranking.map(String),
      });
    expect((await rank([eve.id, dan.id])).code).toBe(1009);

    clock.advance(HOUR + MIN);
    u = await signInAll(['ops', 'dan', 'eve']);
    expect(
      (
        await call(
          'POST',
          `/prod-api/content/campaign/${cmpId}/entries/${eve.id}/vote`,
          u.dan!.ticket,
        )
      ).code,
    ).toBe(1009);
    expect((await rank([eve.id, 999_999])).code).toBe(1001);
    expect((await rank([eve.id, dan.id])).code).toBe(0);

    clock.advance(HOUR);
    const past = (await call('GET', `/prod-api/content/campaign/${cmpId}`)).result;
    expect(past.results.map((r: Json) => [r.rank, r.work.work_id])).toEqual([
      [1, String(eve.id)],
      [2, String(dan.id)],
    ]);
    u = await signInAll(['dan']);
    const inbox = await call('POST', '/capi/notify/queryNotifyList', u.dan!.ticket, {
      pageNo: 0,
      pageSize: 10,
      notifyType: 'system',
    });
    expect(inbox.result.resultList[0]).toMatchObject({
      subType: 'campaign_result',
      content: 'Your work "Harbour" placed #2',
      link: `/campaigns/${cmpId}`,
    });
  });
});
