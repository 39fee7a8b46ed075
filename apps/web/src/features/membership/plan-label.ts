import type { TFunction } from 'i18next';
import { planKeyOf } from './catalogue';

/** "Plus" or "Plus · Yearly" for a catalogue plan name ('plus', 'plus-year'); spec §3. */
export function planLabel(t: TFunction, name: string): string {
  const key = planKeyOf(name);
  if (!key) return name;
  const plan = t(`pay.grades.${key}`);
  return name.endsWith('-year') ? t('membership.plan.yearlyName', { plan }) : plan;
}

/** Any catalogue name as a buyer reads it: a plan, or "1,000 credits" for 'credits-1000'. */
export function skuLabel(t: TFunction, name: string, language: string): string {
  const pack = /^credits-(\d+)$/.exec(name);
  if (pack) {
    const count = Number(pack[1]);
    return t('membership.packs.name', {
      count,
      formatted: new Intl.NumberFormat(language).format(count),
    });
  }
  return planLabel(t, name);
}
