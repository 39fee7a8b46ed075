import type { TFunction } from 'i18next';

/** "3-day" for 72 hours, "24-hour" otherwise (spec §1: 24-hour and 3-day trials). */
export function trialLength(t: TFunction, hours: number): string {
  return hours % 24 === 0 && hours > 24
    ? t('membership.trial.days', { count: hours / 24 })
    : t('membership.trial.hours', { count: hours });
}
