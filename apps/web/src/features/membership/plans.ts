import {
  estimatedWaitMinutes,
  gatedFeatures,
  gradeLimits,
  type GatedFeature,
  type Grade,
} from '@lumen/contracts/plans';
import type { PlanKey } from '@lumen/contracts/trade';

/** The grade each plan card stands for; free is the grade every account starts on. */
export type PlanCardKey = 'free' | PlanKey;
export const planCardGrades: Record<PlanCardKey, Grade> = { free: 0, basic: 1, plus: 2, pro: 3 };

/** The plan most people pick gets the highlight (spec §9 describes Plus in detail). */
export const highlightedPlan: PlanKey = 'plus';

/** A perk line: an i18n key under `membership.perks` and its values. */
export interface Perk {
  key: string;
  values?: Record<string, number | string>;
}

/**
 * What a plan card lists, read from the limits the server enforces (spec §6) so the cards, the
 * comparison table and the studio never disagree.
 */
export function cardPerks(grade: Grade): Perk[] {
  const limits = gradeLimits[grade];
  const perks: Perk[] = [
    { key: 'imagesPerRun', values: { count: limits.imagesPerRun } },
    { key: 'concurrent', values: { count: limits.concurrentTasks } },
    { key: 'videoSeconds', values: { seconds: Math.max(...limits.videoSeconds) } },
    { key: 'queue', values: { count: estimatedWaitMinutes(grade) } },
    { key: limits.watermark ? 'watermark' : 'noWatermark' },
  ];
  if (limits.features.has('private')) perks.push({ key: 'private' }, { key: 'ownership' });
  else perks.push({ key: 'publicAssets' });
  if (limits.features.size === gatedFeatures.length) perks.push({ key: 'allTools' });
  if (grade >= 2) perks.push({ key: 'relaxed' });
  if (grade >= 3) perks.push({ key: 'fastest', values: { count: limits.activeVideoTasks } });
  return perks;
}

/** The gated tools of spec §5/§6, grouped as users know them, for the comparison table. */
export const toolRows: { key: string; features: GatedFeature[] }[] = [
  { key: 'upscale', features: ['upscale_4k', 'enhance'] },
  { key: 'editing', features: ['eraser', 'expand', 'replace'] },
  { key: 'removeBg', features: ['remove_bg'] },
  { key: 'brush', features: ['brush'] },
  { key: 'video10s', features: ['video_10s'] },
  { key: 'hqVideo', features: ['hq_video', 'advanced_video_model'] },
  { key: 'videoEnhance', features: ['video_enhance'] },
  { key: 'soundEffect', features: ['sound_effect'] },
  { key: 'proImageModel', features: ['pro_image_model'] },
];

/** Credits per unit of spec §9. */
export const creditCosts: { key: string; credits: number }[] = [
  { key: 'image', credits: 1 },
  { key: 'video', credits: 30 },
  { key: 'threeD', credits: 30 },
  { key: 'effect', credits: 30 },
  { key: 'lipSync', credits: 100 },
  { key: 'recreate', credits: 30 },
];
