import {
  planKeys,
  type BillCycle,
  type PlanKey,
  type Sku,
  type Subscription,
} from '@lumen/contracts/trade';

/** One paid plan with its monthly and yearly SKUs (the yearly name ends in `-year`, spec §3). */
export interface PlanOffer {
  key: PlanKey;
  grade: number;
  month: Sku | undefined;
  year: Sku | undefined;
}

/** The membership SKUs grouped by plan, cheapest grade first; plans without a SKU are left out. */
export function planOffers(skus: readonly Sku[]): PlanOffer[] {
  return planKeys
    .map((key) => {
      const month = skus.find((s) => s.kind === 'membership' && s.name === key);
      const year = skus.find((s) => s.kind === 'membership' && s.name === `${key}-year`);
      const grade = month?.grade ?? year?.grade ?? 0;
      return { key, grade, month, year };
    })
    .filter((offer) => offer.month ?? offer.year);
}

/** Credit packs, smallest first. */
export function topupPacks(skus: readonly Sku[]): Sku[] {
  return skus.filter((s) => s.kind === 'topup').sort((a, b) => a.credits - b.credits);
}

/** The plan key of a catalogue name: 'plus-year' → 'plus'; null for anything else. */
export function planKeyOf(name: string): PlanKey | null {
  const base = name.replace(/-year$/, '');
  return (planKeys as readonly string[]).includes(base) ? (base as PlanKey) : null;
}

/**
 * A paid subscription that is still running. Spec §4: a subscriber must cancel first, then
 * choose a new plan once the period is over; a running trial does not stand in the way.
 */
export function blocksNewPlan(subscription: Subscription | null | undefined): boolean {
  return !!subscription && !subscription.trial && subscription.status !== 'ended';
}

export type PlanAction =
  /** Not signed in: the button asks for a session first. */
  | 'signIn'
  | 'buy'
  /** The plan and cycle the user pays for now. */
  | 'current'
  /** Another plan while one runs: cancel first, then choose (spec §4). */
  | 'cancelFirst';

export function planActionFor(
  sku: Pick<Sku, 'grade' | 'bill_cycle'>,
  context: { signedIn: boolean; subscription: Subscription | null | undefined },
): PlanAction {
  if (!context.signedIn) return 'signIn';
  const { subscription } = context;
  if (!blocksNewPlan(subscription)) return 'buy';
  const cycle: BillCycle | null = sku.bill_cycle;
  if (subscription!.grade === sku.grade && subscription!.bill_cycle === cycle) return 'current';
  return 'cancelFirst';
}
