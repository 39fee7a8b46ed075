import { randomInt } from 'node:crypto';
import { ErrorCode } from '@lumen/contracts/error-codes';
import {
  planGrades,
  type AdminRedeemBody,
  type PlanKey,
  type RedeemResult,
} from '@lumen/contracts/trade';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { LedgerService } from '../credits/ledger.service';
import {
  DAY_MS,
  REDEEM_CREDIT_DAYS,
  REDEEM_MAX_FAILURES,
  REDEEM_WINDOW_MS,
  SUBSCRIPTION_CREDIT_DAYS,
  cycleFits,
} from './payment-rules';
import type { TradeRepositories, TradeRepositoriesOn } from './trade.repositories';

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 12;

function randomCode(): string {
  return Array.from(
    { length: CODE_LENGTH },
    () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
  ).join('');
}

/** What the user typed, the way codes are stored: upper case, no spaces or dashes. */
export function normalizeCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Redeem codes: admins make batches, users redeem each code once. */
export function createRedeemService(deps: {
  repos: TradeRepositoriesOn;
  root: TradeRepositories;
  ledger: LedgerService;
  clock: Clock;
  /** The monthly credits of a plan grade (from the catalogue). */
  planCredits(grade: number): Promise<number>;
}) {
  const { root, clock } = deps;

  async function refuse(userId: number, code: number, key: Parameters<typeof fail>[1]) {
    await root.redeem.insertFailure(userId, clock.now());
    return fail(code, key);
  }
  function fail(
    code: number,
    key: 'redeem.invalid' | 'redeem.expired' | 'redeem.usedUp' | 'redeem.alreadyRedeemed',
  ): never {
    throw new AppError(code, key);
  }

  return {
    async redeem(userId: number, typed: string): Promise<RedeemResult> {
      const now = clock.now();
      const since = new Date(now.getTime() - REDEEM_WINDOW_MS);
      if ((await root.redeem.countFailuresSince(userId, since)) >= REDEEM_MAX_FAILURES) {
        const oldest = (await root.redeem.oldestFailureSince(userId, since)) ?? now;
        const wait = oldest.getTime() + REDEEM_WINDOW_MS - now.getTime();
        throw new AppError(ErrorCode.tooManyRequests, 'redeem.tooManyTries', {
          minutes: Math.max(1, Math.ceil(wait / 60_000)),
        });
      }
      const code = normalizeCode(typed);
      const found = code ? await root.redeem.findCodeWithBatch(code) : undefined;
      if (!found) return refuse(userId, ErrorCode.notFound, 'redeem.invalid');
      const { batch } = found;
      if (batch.expiresAt <= now) return refuse(userId, ErrorCode.conflict, 'redeem.expired');
      const plan = batch.plan as PlanKey | null;
      const credits = plan ? await deps.planCredits(planGrades[plan]) : batch.credits;

      try {
        return await deps.ledger.transact(userId, async (unit) => {
          const r = deps.repos(unit.tx);
          if (!(await r.redeem.insertRedemption({ code, userId, createdAt: now }))) {
            fail(ErrorCode.conflict, 'redeem.alreadyRedeemed');
          }
          // The guarded update is the one place a use is taken: it never passes `uses`.
          if (!(await r.redeem.takeUse(code))) fail(ErrorCode.conflict, 'redeem.usedUp');
          if (!plan) {
            const expiresAt = new Date(now.getTime() + REDEEM_CREDIT_DAYS * DAY_MS);
            await unit.grant({
              amount: batch.credits,
              kind: 'gift',
              source: 'redeem',
              event: 'bills.redeem',
              expiresAt,
              idempotencyKey: `redeem:${code}`,
            });
            return {
              kind: 'credits' as const,
              credits: batch.credits,
              grade: 0,
              days: 0,
              expires_at: expiresAt.toISOString(),
            };
          }
          const grade = planGrades[plan];
          const endsAt = new Date(now.getTime() + batch.days * DAY_MS);
          const firstCycleEnd = new Date(now.getTime() + SUBSCRIPTION_CREDIT_DAYS * DAY_MS);
          await r.billing.insertSubscription({
            userId,
            grade,
            billingCycle: batch.days >= 365 ? 'year' : 'month',
            source: 'redeem',
            startsAt: now,
            endsAt,
            createdAt: now,
            updatedAt: now,
            monthlyCredits: credits,
            nextCreditAt: cycleFits(firstCycleEnd, endsAt) ? firstCycleEnd : null,
          });
          if (credits > 0) {
            await unit.grant({
              amount: credits,
              kind: 'subscription',
              source: 'redeem',
              event: 'bills.redeem',
              expiresAt: endsAt < firstCycleEnd ? endsAt : firstCycleEnd,
              idempotencyKey: `redeem:${code}`,
            });
          }
          return {
            kind: 'plan' as const,
            credits,
            grade,
            days: batch.days,
            expires_at: endsAt.toISOString(),
          };
        });
      } catch (err) {
        if (err instanceof AppError && err.messageKey.startsWith('redeem.')) {
          await root.redeem.insertFailure(userId, now);
        }
        throw err;
      }
    },

    async createBatch(adminId: number, body: AdminRedeemBody) {
      const now = clock.now();
      const batch = await root.redeem.insertBatch({
        kind: body.plan ? 'plan' : 'credits',
        credits: body.credits ?? 0,
        plan: body.plan ?? null,
        days: body.days ?? 0,
        count: body.count,
        uses: body.uses,
        expiresAt: new Date(body.expires_at),
        createdBy: adminId,
        createdAt: now,
      });
      const codes: string[] = [];
      for (let attempt = 0; codes.length < body.count && attempt < 5; attempt++) {
        const wanted = Array.from({ length: body.count - codes.length }, randomCode);
        codes.push(
          ...(await root.redeem.insertCodes(
            wanted.map((code) => ({ code, batchId: batch.id, uses: body.uses })),
          )),
        );
      }
      return { batch_id: batch.id, codes };
    },

    async listBatches() {
      const rows = await root.redeem.listBatches(200);
      return {
        list: rows.map(({ batch, used }) => ({
          batch_id: batch.id,
          kind: batch.kind === 'plan' ? ('plan' as const) : ('credits' as const),
          credits: batch.credits,
          plan: (batch.plan as PlanKey | null) ?? null,
          days: batch.days,
          count: batch.count,
          uses: batch.uses,
          used,
          expires_at: batch.expiresAt.toISOString(),
          created_at: batch.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type RedeemService = ReturnType<typeof createRedeemService>;
