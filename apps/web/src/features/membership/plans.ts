/**
 * The plan grades and what each includes, as spec §6 and §9 state them. Prices are not part of
 * the spec; they arrive with the membership API.
 */
export type PlanGrade = 'free' | 'basic' | 'plus' | 'pro';

export interface Plan {
  grade: PlanGrade;
  /** i18n keys under `pay.perks`. */
  perks: string[];
  highlighted?: boolean;
}

export const plans: Plan[] = [
  {
    grade: 'free',
    perks: ['imagesPerRun2', 'queue1', 'video5s', 'watermark', 'slowQueue', 'publicAssets'],
  },
  {
    grade: 'basic',
    perks: ['imageLimit2', 'videoLimit2', 'queue1', 'video5s', 'watermark', 'publicAssets'],
  },
  {
    grade: 'plus',
    highlighted: true,
    perks: [
      'credits4000',
      'concurrent4',
      'noWatermark',
      'ownership',
      'video10s',
      'fastQueue',
      'relaxed',
      'pro4k',
      'allTools',
    ],
  },
  {
    grade: 'pro',
    perks: [
      'everythingPlus',
      'fastestQueue',
      'concurrent4',
      'noWatermark',
      'ownership',
      'video10s',
      'pro4k',
      'allTools',
    ],
  },
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
