import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { ManualClock } from '../../lib/clock';
import { createUser } from '../../../test/support/factories';
import { createTestDatabase } from '../../../test/support/test-database';
import { createCreditsRepository } from './credits.repository';
import { createLedgerService } from './ledger.service';

let database: DatabaseHandle;
const clock = new ManualClock(new Date('2026-05-01T12:00:00Z'));
let ledger: ReturnType<typeof createLedgerService>;
let repo: ReturnType<typeof createCreditsRepository>;

beforeAll(async () => {
  database = await createTestDatabase();
  repo = createCreditsRepository(database.db, clock);
  ledger = createLedgerService({ repository: repo, clock });
});
afterAll(() => database.close());

const day = 24 * 3600_000;
const inDays = (n: number) => new Date(clock.now().getTime() + n * day);

async function expectConsistent(userId: number) {
  const balance = await repo.balance(userId);
  expect(balance).toBeGreaterThanOrEqual(0);
  expect(await repo.sumEntries(userId)).toBe(balance);
  expect(await repo.sumRemaining(userId)).toBe(balance);
}

function grant(
  userId: number,
  amount: number,
  key: string,
  expiresAt: Date | null = null,
  kind = 'gift' as const,
) {
  return ledger.grant({
    userId,
    amount,
    kind,
    source: 'test',
    event: 'test grant',
    expiresAt,
    idempotencyKey: key,
  });
}

describe('grants', () => {
  it('adds credits once per idempotency key', async () => {
    const user = await createUser(database.db);
    expect(await grant(user.id, 100, 'g1')).toEqual({ balance: 100, replayed: false });
    expect(await grant(user.id, 100, 'g1')).toEqual({ balance: 100, replayed: true });
    expect(await ledger.balance(user.id)).toBe(100);
    await expectConsistent(user.id);
  });

  it('expires a bucket lazily on read, leaving an expiry entry', async () => {
    const user = await createUser(database.db);
    await grant(user.id, 30, 'daily', inDays(1));
    await grant(user.id, 10, 'forever', null);
    expect(await ledger.balance(user.id)).toBe(40);
    clock.advance(2 * day);
    expect(await ledger.balance(user.id)).toBe(10);
    const { rows } = await repo.listEntries(user.id, ['expire'], 0, 10);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: -30, balanceAfter: 10 });
    await expectConsistent(user.id);
  });

  it('refuses non-positive amounts', async () => {
    const user = await createUser(database.db);
    await expect(grant(user.id, 0, 'zero')).rejects.toBeInstanceOf(AppError);
  });
});

describe('holds', () => {
  it('spends the bucket that expires first, and refuses more than the balance', async () => {
    const user = await createUser(database.db);
    await grant(user.id, 50, 'late', inDays(30));
    await grant(user.id, 20, 'soon', inDays(1));
    await grant(user.id, 100, 'never', null);
    const hold = await ledger.hold({
      userId: user.id,
      amount: 60,
      event: 'txt2img',
      service: 'txt2img',
      idempotencyKey: 'h1',
    });
    expect(hold.balance).toBe(110);
    const buckets = await repo.liveBuckets(user.id, clock.now());
    // 20 from "soon" (gone), 40 from "late", "never" untouched.
    expect(buckets.map((b) => [b.source, b.remaining, b.granted])).toEqual([
      ['test', 10, 50],
      ['test', 100, 100],
    ]);
    const refused = ledger.hold({
      userId: user.id,
      amount: 111,
      event: 'x',
      service: null,
      idempotencyKey: 'h2',
    });
    await expect(refused).rejects.toMatchObject({ code: 2007 });
    expect(await ledger.balance(user.id)).toBe(110);
    await expectConsistent(user.id);
  });

  it('is idempotent on its key', async () => {
    const user = await createUser(database.db);
    await grant(user.id, 10, 'g');
    const a = await ledger.hold({
      userId: user.id,
      amount: 4,
      event: 'x',
      service: null,
      idempotencyKey: 'same',
    });
    const b = await ledger.hold({
      userId: user.id,
      amount: 4,
      event: 'x',
      service: null,
      idempotencyKey: 'same',
    });
    expect(b).toMatchObject({ holdId: a.holdId, replayed: true, balance: 6 });
  });

  it('captures what was delivered and refunds the rest, once', async () => {
    const user = await createUser(database.db);
    await grant(user.id, 10, 'g');
    const { holdId } = await ledger.hold({
      userId: user.id,
      amount: 4,
      event: 'txt2img',
      service: 'txt2img',
      idempotencyKey: 'p',
    });
    expect(await ledger.capture(user.id, holdId, 3)).toEqual({
      captured: 3,
      released: 1,
      replayed: false,
    });
    expect(await ledger.capture(user.id, holdId, 3)).toMatchObject({ replayed: true });
    expect(await ledger.release(user.id, holdId)).toMatchObject({ replayed: true, released: 1 });
    expect(await ledger.balance(user.id)).toBe(7);
    const { rows } = await repo.listEntries(user.id, ['refund'], 0, 10);
    expect(rows.map((r) => r.amount)).toEqual([1]);
    await expectConsistent(user.id);
  });

  it('releases a failed generation in full; credits whose bucket expired meanwhile expire', async () => {
    const user = await createUser(database.db);
    await grant(user.id, 5, 'short', inDays(1));
    await grant(user.id, 5, 'long', inDays(10));
    const { holdId } = await ledger.hold({
      userId: user.id,
      amount: 8,
      event: 'video',
      service: 'video_diffusion',
      idempotencyKey: 'f',
    });
    expect(await ledger.balance(user.id)).toBe(2);
    clock.advance(2 * day);
    await ledger.release(user.id, holdId);
    // 3 return to "long" and stay; 5 return to "short", which has expired, and are cleared.
    expect(await ledger.balance(user.id)).toBe(5);
    await expectConsistent(user.id);
  });

  it('sweeps expired buckets of every user', async () => {
    const a = await createUser(database.db);
    const b = await createUser(database.db);
    await grant(a.id, 3, 'a', inDays(1));
    await grant(b.id, 4, 'b', inDays(1));
    clock.advance(2 * day);
    expect(await ledger.expireAll()).toBeGreaterThanOrEqual(2);
    expect(await repo.balance(a.id)).toBe(0);
    expect(await repo.balance(b.id)).toBe(0);
    expect(await ledger.expireAll()).toBe(0);
  });
});

describe('concurrency on PostgreSQL', () => {
  it('200 concurrent holds never take the balance below zero', async () => {
    const user = await createUser(database.db);
    await grant(user.id, 150, 'pool-a', inDays(5));
    await grant(user.id, 0 + 1, 'pool-b', null);
    const attempts = Array.from({ length: 200 }, (_, i) =>
      ledger
        .hold({
          userId: user.id,
          amount: 1,
          event: 'race',
          service: null,
          idempotencyKey: `race-${i}`,
        })
        .then(() => 'held' as const)
        .catch((err: unknown) => {
          if (err instanceof AppError && err.code === 2007) return 'refused' as const;
          throw err;
        }),
    );
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((o) => o === 'held')).toHaveLength(151);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(49);
    expect(await ledger.balance(user.id)).toBe(0);
    await expectConsistent(user.id);
  }, 60_000);

  it('replays of one key racing each other hold once', async () => {
    const user = await createUser(database.db);
    await grant(user.id, 10, 'g');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ledger.hold({
          userId: user.id,
          amount: 3,
          event: 'x',
          service: null,
          idempotencyKey: 'one-key',
        }),
      ),
    );
    expect(new Set(results.map((r) => r.holdId)).size).toBe(1);
    expect(await ledger.balance(user.id)).toBe(7);
    await expectConsistent(user.id);
  });
});

describe('holds of several users', () => {
  const hold = (amount: number, key: string) => ({
    amount,
    event: 'txt2img',
    service: 'txt2img',
    idempotencyKey: key,
  });

  it('settles holds of several users together: capture, partial, release into an expired bucket', async () => {
    const [a, b] = [await createUser(database.db), await createUser(database.db)];
    await grant(a.id, 10, 'a-soon', inDays(1));
    await grant(a.id, 30, 'a-never', null);
    await grant(b.id, 20, 'b', inDays(10));
    const h1 = await ledger.hold({ userId: a.id, ...hold(25, 'a-h1') });
    const h2 = await ledger.hold({ userId: a.id, ...hold(5, 'a-h2') });
    const h3 = await ledger.hold({ userId: b.id, ...hold(12, 'b-h3') });
    expect(await ledger.balance(a.id)).toBe(10);
    // h1 took all 10 of "soon", which expires before the settlement.
    clock.advance(2 * day);
    const results = await ledger.settleMany([
      { userId: a.id, holdId: h1.holdId, delivered: 0 },
      { userId: a.id, holdId: h2.holdId, delivered: 5 },
      { userId: b.id, holdId: h3.holdId, delivered: 4 },
      { userId: b.id, holdId: h3.holdId, delivered: 12 },
    ]);
    expect(results).toEqual([
      { captured: 0, released: 25, replayed: false },
      { captured: 5, released: 0, replayed: false },
      { captured: 4, released: 8, replayed: false },
      { captured: 4, released: 8, replayed: true },
    ]);
    // a: 15 go back to "never" and stay; 10 go back to "soon" and expire again.
    expect(await ledger.balance(a.id)).toBe(25);
    expect(await ledger.balance(b.id)).toBe(16);
    for (const user of [a, b]) await expectConsistent(user.id);
    // Settling again in a later batch changes nothing either.
    const again = await ledger.settleMany([{ userId: a.id, holdId: h1.holdId, delivered: 0 }]);
    expect(again[0]!.replayed).toBe(true);
    expect(await ledger.balance(a.id)).toBe(25);
    const single = await ledger.release(a.id, h2.holdId);
    expect(single.replayed).toBe(true);
  });
});
