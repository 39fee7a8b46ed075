import { z } from 'zod';

/** Plan grades (spec §3): 0 free, 1 basic, 2 plus, 3 pro; the gating tables run to 4. */
export const gradeValues = [0, 1, 2, 3, 4] as const;
export type Grade = (typeof gradeValues)[number];
export const gradeSchema = z.union(
  gradeValues.map((g) => z.literal(g)) as [z.ZodLiteral<0>, ...z.ZodLiteral<Grade>[]],
);

export const planNames: Record<Grade, string> = {
  0: 'free',
  1: 'basic',
  2: 'plus',
  3: 'pro',
  4: 'pro',
};

/** The longest plan period an admin may give (a grant or a redeem code): ten 365-day years. */
export const MAX_PLAN_DAYS = 3650;

/** Yearly billing appends `-year` to the plan name (spec §3). */
export function planName(grade: Grade, yearly: boolean): string {
  return yearly && grade > 0 ? `${planNames[grade]}-year` : planNames[grade];
}

/** Features a grade may be refused (spec §5): refusing one answers 2020 and opens the pay dialog. */
export const gatedFeatures = [
  'enhance',
  'replace',
  'eraser',
  'expand',
  'video_enhance',
  'brush',
  'remove_bg',
  'video_10s',
  'hq_video',
  'pro_image_model',
  'private',
  'upscale_4k',
  'advanced_video_model',
  'sound_effect',
  'ai_tools',
] as const;
export type GatedFeature = (typeof gatedFeatures)[number];

export type GradeLimits = {
  /** Images one generation may produce. */
  imagesPerRun: number;
  /** Image tasks a user may have queued or generating at once (spec §6 "image limit"). */
  activeImageTasks: number;
  /** Video tasks a user may have queued or generating at once (spec §6 "video limit"). */
  activeVideoTasks: number;
  /** Tasks generating at the same time (architecture: free/basic 1, plus/pro 4). */
  concurrentTasks: number;
  /** Video lengths offered, seconds. */
  videoSeconds: readonly number[];
  /** Outputs carry a watermark on download (spec §6). */
  watermark: boolean;
  /** Queue lane: higher runs first. */
  lane: number;
  /** Features this grade may use. */
  features: ReadonlySet<GatedFeature>;
};

const subscriberFeatures = new Set<GatedFeature>(gatedFeatures);
const noFeatures = new Set<GatedFeature>();

/**
 * Limits by grade (spec §5, §6), shared by server and web. See docs/decisions/0008-grade-gating.md
 * for how the spec's odd "private generation" column is read.
 */
export const gradeLimits: Record<Grade, GradeLimits> = {
  0: {
    imagesPerRun: 2,
    activeImageTasks: 1,
    activeVideoTasks: 1,
    concurrentTasks: 1,
    videoSeconds: [5],
    watermark: true,
    lane: 0,
    features: noFeatures,
  },
  1: {
    imagesPerRun: 2,
    activeImageTasks: 2,
    activeVideoTasks: 2,
    concurrentTasks: 1,
    videoSeconds: [5],
    watermark: false,
    lane: 1,
    features: noFeatures,
  },
  2: {
    imagesPerRun: 4,
    activeImageTasks: 4,
    activeVideoTasks: 4,
    concurrentTasks: 4,
    videoSeconds: [5, 10],
    watermark: false,
    lane: 2,
    features: subscriberFeatures,
  },
  3: {
    imagesPerRun: 4,
    activeImageTasks: 4,
    activeVideoTasks: 8,
    concurrentTasks: 4,
    videoSeconds: [5, 10],
    watermark: false,
    lane: 3,
    features: subscriberFeatures,
  },
  4: {
    imagesPerRun: 4,
    activeImageTasks: 4,
    activeVideoTasks: 8,
    concurrentTasks: 4,
    videoSeconds: [5, 10],
    watermark: false,
    lane: 3,
    features: subscriberFeatures,
  },
};

export function limitsFor(grade: Grade): GradeLimits {
  return gradeLimits[grade];
}

/** Spec §9: queue wait shown to non-members and subscribers, minutes. */
export function estimatedWaitMinutes(grade: Grade): number {
  return grade >= 2 ? 2 : 10;
}
