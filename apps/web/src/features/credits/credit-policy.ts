import { unitCosts, type CostKind, type CreditKind } from '@lumen/contracts/credits';

/** Validity of each bucket as spec §9 states it; the server's grants follow the same table. */
export const creditValidity: { kind: CreditKind | 'event'; key: string }[] = [
  { kind: 'free', key: 'dailyLogin' },
  { kind: 'event', key: 'event' },
  { kind: 'subscription', key: 'subscription' },
  { kind: 'purchased', key: 'purchased' },
  { kind: 'reward', key: 'reward' },
];

/** Per-unit costs straight from contracts, in the order people look for them. */
export const unitCostRows: { kind: CostKind; credits: number }[] = (
  ['image', 'video', '3d', 'character', 'effect', 'lipSync'] as const
).map((kind) => ({ kind, credits: unitCosts[kind] }));

/** Spec §9 one-off actions that are not generations, so contracts has no unit for them. */
export const actionCostRows: { key: string; credits: number }[] = [
  { key: 'recreate', credits: 30 },
  { key: 'cutOut', credits: 1 },
  { key: 'matting', credits: 1 },
  { key: 'download4k', credits: 1 },
];
