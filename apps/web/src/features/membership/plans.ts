import {
  estimatedWaitMinutes,
  gatedFeatures,
  gradeLimits,
  type GatedFeature,
  type Grade,
} from '@lumen/contracts/plans';
import { toolIds, toolOf } from '@lumen/contracts/tools';
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

/** A row of the comparison table's tools: its label's i18n key and the features it needs. */
export interface ToolRow {
  key: string;
  labelKey: string;
  features: GatedFeature[];
}

/**
 * The gated tools of spec §5/§6 for the comparison table: each tool whose definition names a
 * gate, under the tool's own name, then the gated options that are not tools of their own.
 */
export const toolRows: ToolRow[] = [
  ...toolIds.flatMap((id) => {
    const gate = toolOf(id).gate;
    return gate ? [{ key: id, labelKey: `taskTypes.${id}`, features: [gate] }] : [];
  }),
  ...(
    [
      ['brush', 'brush'],
      ['video10s', 'video_10s'],
      ['hqVideo', 'hq_video'],
      ['soundEffect', 'sound_effect'],
      ['proImageModel', 'pro_image_model'],
    ] as const
  ).map(([key, feature]) => ({
    key,
    labelKey: `membership.compare.toolRows.${key}`,
    features: [feature],
  })),
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
