import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { readMailedCode } from '../../../test/support/mailbox';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { users } from '../auth/auth.schema';
import { createAccountRepository } from './account.repository';
import { feedback } from './account.schema';

let t: TestApp;
const clock = new ManualClock(new Date());
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read loosely in tests

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  ticket?: string,
  body?: object,
) {
  const res = await t.app.inject({
    method,
    url,
    headers: ticket ? { authorization: `Bearer ${ticket}` } : {},
    ...(body ? { payload: body } : {}),
  });
  return res.json() as Json;
}

async function signIn(email: string): Promise<string> {
  await call('POST', '/prod-api/user/captcha', undefined, { method: 'email', email });
  const captcha = await readMailedCode(t, email);
  return (
    await call('POST', '/prod-api/user/login', undefined, { loginType: 'email', email, captcha })
  ).result.ticket;
}

describe('profile', () => {
  it('reads and updates only the fields sent', async () => {
    const ticket = await signIn('profile@example.com');
    const before = await call('GET', '/prod-api/user/profile', ticket);
    expect(before.result).toMatchObject({
      username: 'profile',
      bio: '',
      birthday_visibility: 'private',
    });

    const updated = await call('PUT', '/prod-api/user/profile', ticket, {
      nickname: 'Ada',
      bio: 'I paint with light',
      gender: 'female',
      birthday: '1999-04-01',
      birthday_visibility: 'public',
      education: 'master',
      enrollment_time: '2019-09',
    });
    expect(updated.code).toBe(0);
    expect(updated.result).toMatchObject({
      nickname: 'Ada',
      bio: 'I paint with light',
      birthday: '1999-04-01',
      education: 'master',
    });
    const partial = await call('PUT', '/prod-api/user/profile', ticket, { school: 'Art School' });
    expect(partial.result).toMatchObject({
      school: 'Art School',
      nickname: 'Ada',
      bio: 'I paint with light',
    });
  });

  it('refuses bad values and a taken username, changing nothing', async () => {
    const ticket = await signIn('second@example.com');
    await signIn('taken@example.com');
    for (const body of [
      { birthday: '2999-01-01' },
      { education: 'kindergarten' },
      { username: '1abc' },
      {},
    ]) {
      expect((await call('PUT', '/prod-api/user/profile', ticket, body)).code).toBe(1001);
    }
    const taken = await call('PUT', '/prod-api/user/profile', ticket, {
      username: 'taken',
      bio: 'x',
    });
    expect(taken.code).toBe(3005);
    expect((await call('GET', '/prod-api/user/profile', ticket)).result).toMatchObject({
      username: 'second',
      bio: '',
    });
  });

  it('binds a phone with a code sent for binding', async () => {
    const ticket = await signIn('phone@example.com');
    const phone = '+14155550123';
    await call('POST', '/prod-api/user/captcha', undefined, {
      method: 'phone',
      phone,
      purpose: 'bind',
    });
    const smsDir = path.join(t.config.dataDir, 'sms');
    const [file] = (await fs.readdir(smsDir)).sort().reverse();
    const code = (await fs.readFile(path.join(smsDir, file!), 'utf8')).match(/\b(\d{6})\b/)![1]!;
    const bound = await call('POST', '/prod-api/user/phone/bind', ticket, { phone, captcha: code });
    expect(bound.result.phone).toBe(phone);
  });

  it('needs a session', async () => {
    expect((await call('GET', '/prod-api/user/profile')).code).toBe(3015);
  });

  it('stores an avatar as a 256 px square PNG served from /media', async () => {
    const ticket = await signIn('avatar@example.com');
    const jpeg = await sharp({
      create: { width: 640, height: 400, channels: 3, background: '#3366ff' },
    })
      .jpeg()
      .toBuffer();
    const saved = await call('POST', '/prod-api/user/avatar', ticket, {
      image: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    });
    expect(saved.result.avatar).toMatch(/^\/media\/avatars\/\d+\/[0-9a-f]{16}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: saved.result.avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([256, 256, 'png']);
    expect((await call('GET', '/prod-api/user/profile', ticket)).result.avatar).toBe(
      saved.result.avatar,
    );

    const notImage = await call('POST', '/prod-api/user/avatar', ticket, {
      image: `data:image/png;base64,${Buffer.from('<svg/>').toString('base64')}`,
    });
    expect(notImage.code).toBe(1001);
    expect((await call('GET', '/prod-api/user/profile', ticket)).result.avatar).toBe(
      saved.result.avatar,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/media/avatars/../../etc/passwd' })).statusCode,
    ).toBe(404);

    // A new picture replaces the old one, which is no longer stored.
    const png = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#f60' },
    })
      .png()
      .toBuffer();
    const replaced = await call('POST', '/prod-api/user/avatar', ticket, {
      image: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(replaced.result.avatar).not.toBe(saved.result.avatar);
    expect((await t.app.inject({ method: 'GET', url: saved.result.avatar })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: replaced.result.avatar })).statusCode).toBe(
      200,
    );

    // Removing goes back to no picture, and the stored one goes.
    const removed = await call('DELETE', '/prod-api/user/avatar', ticket);
    expect(removed).toMatchObject({ code: 0, result: { avatar: '' } });
    expect((await call('GET', '/prod-api/user/profile', ticket)).result.avatar).toBe('');
    expect((await t.app.inject({ method: 'GET', url: replaced.result.avatar })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', '/prod-api/user/avatar')).code).toBe(3015);
  });
});

describe('settings and survey', () => {
  it('keeps e-mail notice settings', async () => {
    const ticket = await signIn('settings@example.com');
    expect(
      (await call('GET', '/prod-api/user/settings', ticket)).result.email_notices,
    ).toMatchObject({ likes: true, marketing: false });
    const updated = await call('PUT', '/prod-api/user/settings', ticket, {
      email_notices: { likes: false },
    });
    expect(updated.result.email_notices).toMatchObject({ likes: false, comments: true });
    expect(
      (await call('PUT', '/prod-api/user/settings', ticket, { email_notices: { likes: 'no' } }))
        .code,
    ).toBe(1001);
  });

  it('asks for the survey until it is submitted', async () => {
    const ticket = await signIn('survey@example.com');
    expect(
      (await call('GET', '/prod-api/content/user/profile/check', ticket)).result.need_collect,
    ).toBe(true);
    const bad = await call('POST', '/prod-api/user/survey', ticket, {
      occupation: 'designer',
      purposes: [],
      interests: ['anime'],
    });
    expect(bad.code).toBe(1001);
    const ok = await call('POST', '/prod-api/user/survey', ticket, {
      occupation: 'designer',
      purposes: ['work'],
      interests: ['anime', '3d'],
    });
    expect(ok.code).toBe(0);
    expect(
      (await call('GET', '/prod-api/content/user/profile/check', ticket)).result.need_collect,
    ).toBe(false);
  });
});

describe('feedback and contact', () => {
  it('stores feedback with a real screenshot and refuses a fake one', async () => {
    const ticket = await signIn('feedback@example.com');
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const saved = await call('POST', '/prod-api/user/feedback', ticket, {
      text: 'The share button is hard to find',
      image: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(saved.code).toBe(0);
    const [row] = await t.database.db
      .select()
      .from(feedback)
      .where(eq(feedback.id, saved.result.id));
    expect(row?.imagePath).toMatch(/\.png$/);
    const stored = await fs.readFile(path.join(t.config.dataDir, 'uploads', row!.imagePath!));
    expect(stored.equals(png)).toBe(true);

    const fake = await call('POST', '/prod-api/user/feedback', ticket, {
      text: 'x',
      image: `data:image/png;base64,${Buffer.from('GIF89a-not-png').toString('base64')}`,
    });
    expect(fake.code).toBe(1001);
    expect((await call('POST', '/prod-api/user/feedback', ticket, { text: '  ' })).code).toBe(1001);
  });

  it('accepts a contact message from a visitor', async () => {
    expect(
      (
        await call('POST', '/prod-api/user/contact', undefined, {
          full_name: 'Kim',
          email: 'kim@example.com',
          message: 'Hello',
        })
      ).code,
    ).toBe(0);
    expect(
      (
        await call('POST', '/prod-api/user/contact', undefined, {
          full_name: 'Kim',
          email: 'kim',
          message: 'Hello',
        })
      ).code,
    ).toBe(1001);
  });
});

describe('purging deleted accounts', () => {
  it('removes personal data once the retention period ends, once', async () => {
    const ticket = await signIn('purge@example.com');
    const picture = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#0a6' },
    })
      .png()
      .toBuffer();
    const { avatar } = (
      await call('POST', '/prod-api/user/avatar', ticket, {
        image: `data:image/png;base64,${picture.toString('base64')}`,
      })
    ).result as { avatar: string };
    await call('POST', '/prod-api/user/delete', ticket, { phrase: 'Delete My Account' });
    const [before] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'purge@example.com'));
    expect(before?.status).toBe('closed');

    const service = t.app.services.account;
    expect(await service.purgeDueAccounts()).toBe(0);
    clock.advance(31 * 24 * 3600_000);
    expect(await service.purgeDueAccounts()).toBe(1);
    expect(await service.purgeDueAccounts()).toBe(0);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, before!.id));
    expect(after).toMatchObject({
      status: 'purged',
      email: null,
      phone: null,
      passwordHash: null,
      nickname: 'Deleted user',
    });
    expect(await createAccountRepository(t.database.db).findProfile(before!.id)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(404);
  });
});
