import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCaller } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { insertWork } from '../community/community.fixtures';
import { comments, works } from '../community/community.schema';
import { tasks } from '../generation/generation.schema';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
let admin: { ticket: string; id: number };

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'mod@example.com' } });
  api = createApiCaller(t);
  admin = await api.signIn('mod@example.com');
  for (const term of ['forbiddenword', 'Straße']) {
    const added = await api.call('POST', '/prod-api/admin/moderation/terms', admin.ticket, {
      term,
    });
    expect(added.code).toBe(0);
  }
});
afterAll(async () => {
  await t.close();
});

/** Ways to write a blocked term that read the same to people. */
const disguised = [
  'forbidden\u200bword', // zero-width space
  'forbid\u00addenword', // soft hyphen
  'FORBIDDEN\u2060WORD', // word joiner, upper case
  'for\u200dbidden\ufeffword', // zero-width joiner, byte-order mark
  'ｆｏｒｂｉｄｄｅｎｗｏｒｄ', // full-width letters
  'Ｆｏｒｂｉｄｄｅｎ\u200cＷｏｒｄ', // both
  'STRASSE', // case folding: ß is ss
];

describe('the blocklist', () => {
  it('catches disguised terms in comments, and stores none of them', async () => {
    const owner = await api.signIn('blocklist-owner@example.com');
    const fan = await api.signIn('blocklist-fan@example.com');
    const work = await insertWork(t.database.db, owner.id);
    for (const word of disguised) {
      const res = await api.call(
        'POST',
        `/prod-api/content/works/${work.id}/comments`,
        fan.ticket,
        {
          text: `look: ${word}!`,
        },
      );
      expect({ word, code: res.code }).toEqual({ word, code: 10 });
    }
    const kept = await t.database.db.select().from(comments).where(eq(comments.workId, work.id));
    expect(kept).toHaveLength(0);
    // Text that only looks near a term still passes.
    const fine = await api.call('POST', `/prod-api/content/works/${work.id}/comments`, fan.ticket, {
      text: 'forbidden words are words',
    });
    expect(fine.code).toBe(0);
  });

  it('catches disguised terms in titles and descriptions of works', async () => {
    const owner = await api.signIn('blocklist-author@example.com');
    const work = await insertWork(t.database.db, owner.id, { status: 'submitted', title: 'Calm' });
    for (const word of disguised) {
      for (const field of ['title', 'description'] as const) {
        const res = await api.call('PATCH', `/prod-api/content/works/${work.id}`, owner.ticket, {
          [field]: `A ${word}`,
        });
        expect({ word, field, code: res.code }).toEqual({ word, field, code: 1001 });
        expect(res.result.fields[0].field).toBe(field);
      }
    }
    const [row] = await t.database.db.select().from(works).where(eq(works.id, work.id));
    expect({ title: row?.title, description: row?.description }).toEqual({
      title: 'Calm',
      description: '',
    });
  });

  it('catches disguised terms in prompts before anything is queued', async () => {
    const user = await api.signIn('blocklist-prompter@example.com');
    for (const word of disguised) {
      const res = await api.call('POST', '/api/gw/v3/image/txt2img/async', user.ticket, {
        prompt: `a painting of ${word}`,
      });
      expect({ word, code: res.code }).toEqual({ word, code: 1001 });
      expect(res.result.fields[0].field).toBe('prompt');
    }
    const queued = await t.database.db.select().from(tasks).where(eq(tasks.userId, user.id));
    expect(queued).toHaveLength(0);
  });

  it('refuses a term that is nothing but invisible characters, which would block everything', async () => {
    const res = await api.call('POST', '/prod-api/admin/moderation/terms', admin.ticket, {
      term: '\u200b\u200d',
    });
    expect(res.code).toBe(1001);
    expect(res.msg).toBe('This term has no visible characters');
    const zh = await t.app.inject({
      method: 'POST',
      url: '/prod-api/admin/moderation/terms',
      headers: { authorization: `Bearer ${admin.ticket}`, 'x-accept-language': 'zh' },
      payload: { term: '\u2060' },
    });
    expect(zh.json().code).toBe(1001);
    expect(zh.json().msg).not.toBe(res.msg);
    const list = await api.call('GET', '/prod-api/admin/moderation/terms', admin.ticket);
    expect(list.result.data.map((d: { term: string }) => d.term).sort()).toEqual([
      'Straße',
      'forbiddenword',
    ]);
    const owner = await api.signIn('blocklist-bystander@example.com');
    const work = await insertWork(t.database.db, owner.id);
    const plain = await api.call(
      'POST',
      `/prod-api/content/works/${work.id}/comments`,
      owner.ticket,
      {
        text: 'An ordinary comment',
      },
    );
    expect(plain.code).toBe(0);
  });
});
