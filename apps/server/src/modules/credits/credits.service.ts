import {
  costOf,
  unitCosts,
  type AccountInfo,
  type CreditKind,
  type FreeCount,
  type Quote,
  type QuoteBody,
} from '@lumen/contracts/credits';
import { ErrorCode } from '@lumen/contracts/error-codes';
import type { Language } from '@lumen/contracts/i18n';
import {
  estimatedWaitMinutes,
  limitsFor,
  type GatedFeature,
  type Grade,
} from '@lumen/contracts/plans';
import { taskTypeDefinitions } from '@lumen/contracts/task-types';
import type { CounterKind } from '@lumen/contracts/tools';
import { AppError } from '../../lib/app-error';
import { businessDay, endOfBusinessDay } from '../../lib/business-day';
import type { Clock } from '../../lib/clock';
import { en, type MessageKey } from '../../lib/i18n/en';
import { isTaskType, taskTypeName } from '../../lib/i18n/task-type-names';
import { translate, type MessageParams } from '../../lib/i18n/translate';
import type { BillingService } from '../billing/billing.service';
import type { CreditsRepository } from './credits.repository';
import type { LedgerService } from './ledger.service';

const DAY_MS = 24 * 3600_000;
/** Spec §9: event credits last about a month. */
const EVENT_VALIDITY_MS = 30 * DAY_MS;
const PRO_MODELS = new Set(['professional', 'pro', 'high_quality', 'pro-2.0']);

const billTypes = {
  all: null,
  consumed: ['consumption', 'refund'],
  purchased: ['purchase'],
  free: ['gift'],
} as const;

type Refusal = { code: number; key: MessageKey; params?: MessageParams };

export function createCreditsService(deps: {
  ledger: LedgerService;
  repository: CreditsRepository;
  billing: BillingService;
  clock: Clock;
  settings: { paymentMode: boolean; dailyLogin: number; birthday: number };
}) {
  const { ledger, billing, clock, settings } = deps;
  /** Users already granted today, per process, so most requests skip the database. */
  const dailyGranted = new Set<number>();
  let dailyGrantedDay = '';

  async function evaluate(userId: number, body: QuoteBody) {
    const [plan, balance] = await Promise.all([
      billing.currentPlan(userId),
      ledger.balance(userId),
    ]);
    const limits = limitsFor(plan.grade);
    const cost = costOf({
      taskType: body.task_type,
      count: body.count,
      effect: body.effect,
      total: body.total,
    });
    // Spec §5: free users, effect jobs and jobs that need credits must be covered; paid
    // users otherwise run relaxed (credit-free, slower lane) when their credits run out.
    const proModel = body.model !== undefined && PRO_MODELS.has(body.model);
    const creditsRequired = plan.grade === 0 || body.effect || body.credits_required || proModel;
    const shortKey: MessageKey = plan.grade === 0 ? 'errors.noCredits' : 'errors.noCreditsPaid';
    const decide = (refusal: Refusal | null, mode: Quote['mode'] = 'standard', held = cost) => ({
      grade: plan.grade,
      balance,
      cost: held,
      /** What a paid run holds, whichever mode the balance read here points to. */
      price: settings.paymentMode ? cost : 0,
      mode,
      /** Whether the run may go relaxed when the credits fall short. */
      mayRelax: settings.paymentMode && !creditsRequired,
      /** The 2007 message for this user when the credits fall short. */
      shortKey,
      refusal,
      waitMin: estimatedWaitMinutes(mode === 'relaxed' ? 0 : plan.grade),
    });
    if (!settings.paymentMode) return decide(null, 'standard', 0);

    const upgrade = (key: MessageKey, params?: MessageParams) =>
      decide({ code: ErrorCode.upgradeRequired, key, ...(params ? { params } : {}) });
    const media = taskTypeDefinitions[body.task_type].media;
    if (media === 'image' && body.count > limits.imagesPerRun)
      return upgrade('errors.moreImagesSubscribers');
    if (proModel && !limits.features.has('pro_image_model'))
      return upgrade('errors.proModelSubscribers');
    const maxSeconds = Math.max(...limits.videoSeconds);
    if (media === 'video' && body.duration !== undefined && body.duration > maxSeconds) {
      return upgrade('errors.longVideoSubscribers', { seconds: maxSeconds });
    }
    if (body.features.includes('sound_effect') && !limits.features.has('sound_effect'))
      return upgrade('errors.soundEffectSubscribers');
    // A task type that is itself a subscriber tool (spec §5), as its definition says.
    const featureOfType = taskTypeDefinitions[body.task_type].gate;
    const wanted = [
      ...body.features,
      ...(body.private ? ['private'] : []),
      ...(featureOfType ? [featureOfType] : []),
    ];
    if (wanted.some((f) => !limits.features.has(f as GatedFeature)))
      return upgrade('errors.upgradeRequired');

    if (balance >= cost && balance >= 1) return decide(null);
    if (!creditsRequired) return decide(null, 'relaxed', 0);
    return decide({ code: ErrorCode.noCredits, key: shortKey });
  }

  /**
   * A bill line's words in `lang`: grants are recorded by message key, a generation's charge and
   * refund by its task type, which reads as that type's name.
   */
  function eventText(lang: Language, event: string): string {
    if (isTaskType(event)) return taskTypeName(lang, event);
    return event in en ? translate(lang, event as MessageKey) : event;
  }

  return {
    /**
     * Balances of many users for a list, read from their account rows in one query; credits
     * past their expiry leave these at the next sweep or at the user's next credit action.
     */
    balancesOf: (userIds: number[]) => deps.repository.balancesOf(userIds),

    async accountInfo(userId: number): Promise<AccountInfo> {
      const now = clock.now();
      const [plan, credits] = await Promise.all([
        billing.currentPlan(userId),
        ledger.balance(userId),
      ]);
      const buckets = await deps.repository.liveBuckets(userId, now);
      return {
        grade: plan.grade,
        plan_name: plan.name,
        plan_ends_at: plan.endsAt?.toISOString() ?? null,
        credits,
        isFreeVip: plan.trial,
        isYearVip: plan.yearly,
        isPayment: settings.paymentMode,
        buckets: buckets.map((b) => ({
          kind: b.kind as CreditKind,
          credits: b.remaining,
          expires_at: b.expiresAt?.toISOString() ?? null,
        })),
      };
    },

    async bills(
      userId: number,
      lang: Language,
      q: { filter: keyof typeof billTypes; page: number; page_size: number },
    ) {
      await ledger.balance(userId); // applies due expiry so the bill shows it
      const types = billTypes[q.filter];
      const { rows, total } = await deps.repository.listEntries(
        userId,
        types ? [...types] : null,
        (q.page - 1) * q.page_size,
        q.page_size,
      );
      return {
        data: rows.map((r) => ({
          id: r.id,
          date: r.createdAt.toISOString(),
          event: eventText(lang, r.event),
          expiration: r.expiresAt?.toISOString() ?? null,
          service: r.service,
          credits: r.amount,
          type: r.type as 'purchase' | 'gift' | 'consumption' | 'refund' | 'expire',
          kind: (r.kind as CreditKind | null) ?? null,
        })),
        total,
        page: q.page,
        page_size: q.page_size,
      };
    },

    /** Whether a generation may run, what it costs and why not (spec §5 credit check and gating). */
    async quote(userId: number, lang: Language, body: QuoteBody): Promise<Quote> {
      const v = await evaluate(userId, body);
      return {
        cost: v.cost,
        allowed: v.refusal === null,
        reason_code: v.refusal?.code ?? null,
        reason: v.refusal ? translate(lang, v.refusal.key, v.refusal.params) : null,
        estimated_wait_min: v.waitMin,
        mode: v.mode,
        balance: v.balance,
      };
    },

    /** The user's plan grade now. */
    async gradeOf(userId: number): Promise<Grade> {
      return (await billing.currentPlan(userId)).grade;
    },

    /**
     * The same decision for a submission: the grade, what a paid run holds, and what to do
     * when the hold falls short; or throws the refusal (2020 upgrade, 2007 no credits) with
     * its §8 message. The balance read here is only a first look: other runs of the user may
     * spend it before this one is queued, so paid or relaxed is settled when the hold is
     * taken under the user's credit lock (see GenerationService.submit).
     */
    async authorize(userId: number, body: QuoteBody) {
      const v = await evaluate(userId, body);
      if (v.refusal) throw new AppError(v.refusal.code, v.refusal.key, v.refusal.params ?? {});
      return {
        grade: v.grade,
        cost: v.price,
        whenShort: v.mayRelax
          ? ({ relax: true } as const)
          : ({ relax: false, refusal: new AppError(ErrorCode.noCredits, v.shortKey) } as const),
      };
    },

    /** Spec §9: daily login credits, once per GMT-8 day, gone at 23:59:59 GMT-8. */
    async grantDailyLogin(userId: number): Promise<void> {
      const now = clock.now();
      const day = businessDay(now);
      if (day !== dailyGrantedDay) {
        dailyGranted.clear();
        dailyGrantedDay = day;
      }
      if (settings.dailyLogin <= 0 || dailyGranted.has(userId)) return;
      await ledger.grant({
        userId,
        amount: settings.dailyLogin,
        kind: 'free',
        source: 'daily_login',
        event: 'bills.dailyLogin',
        expiresAt: endOfBusinessDay(now),
        idempotencyKey: `daily_login:${day}`,
      });
      dailyGranted.add(userId);
    },

    /** A one-time reward for telling us your birthday. */
    async grantBirthday(userId: number): Promise<void> {
      if (settings.birthday <= 0) return;
      await ledger.grant({
        userId,
        amount: settings.birthday,
        kind: 'gift',
        source: 'birthday',
        event: 'bills.birthday',
        expiresAt: new Date(clock.now().getTime() + EVENT_VALIDITY_MS),
        idempotencyKey: 'birthday',
      });
    },

    async adminGrant(
      userId: number,
      input: { amount: number; kind: CreditKind; reason: string; idempotency_key: string },
    ) {
      const validity: Record<CreditKind, number | null> = {
        subscription: 30 * DAY_MS,
        purchased: 730 * DAY_MS,
        free: EVENT_VALIDITY_MS,
        gift: EVENT_VALIDITY_MS,
        reward: null,
      };
      const ms = validity[input.kind];
      return ledger.grant({
        userId,
        amount: input.amount,
        kind: input.kind,
        source: 'admin',
        event: input.reason,
        expiresAt: ms === null ? null : new Date(clock.now().getTime() + ms),
        idempotencyKey: `admin:${input.idempotency_key}`,
      });
    },

    /**
     * The free-count check: the free and promotional credits left now (daily login, events),
     * and how many image, video and 3D runs the whole balance still pays for.
     */
    async freeCount(userId: number): Promise<FreeCount> {
      const credits = await ledger.balance(userId);
      const buckets = await deps.repository.liveBuckets(userId, clock.now());
      const free = buckets.filter((b) => b.kind === 'free').reduce((n, b) => n + b.remaining, 0);
      const runs = (unit: number) => Math.floor(Math.max(credits, 0) / unit);
      return {
        freeCount: free,
        credits,
        runs: {
          image: runs(unitCosts.image),
          video: runs(unitCosts.video),
          three: runs(unitCosts['3d']),
        },
      };
    },

    /** Per-kind counters: generations captured today and of all time. */
    async algoTimes(userId: number) {
      const counts = await deps.repository.countHoldsByService(userId, startOfToday(clock.now()));
      const counters = [
        'image',
        'video',
        'videos',
        'three',
        'character',
        'wink',
        'imageEditor',
      ] as const;
      const counterOf = (service: string | null): CounterKind | undefined =>
        service && isTaskType(service) ? taskTypeDefinitions[service].counter : undefined;
      return Object.fromEntries(
        counters.map((name) => {
          // Spec §3 has both `video` and `videos`; both count the video runs.
          const matching = counts.filter((c) => {
            const counter = counterOf(c.service);
            return name === 'videos' ? counter === 'video' : counter === name;
          });
          return [
            name,
            {
              generated: matching.reduce((n, c) => n + c.today, 0),
              all: matching.reduce((n, c) => n + c.total, 0),
            },
          ];
        }),
      ) as Record<(typeof counters)[number], { generated: number; all: number }>;
    },
  };
}

function startOfToday(now: Date): Date {
  return new Date(endOfBusinessDay(now).getTime() + 1000 - DAY_MS);
}

export type CreditsService = ReturnType<typeof createCreditsService>;
