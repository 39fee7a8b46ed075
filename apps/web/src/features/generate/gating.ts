import { ErrorCode } from '@lumen/contracts/error-codes';
import { gradeLimits, gradeValues, type GatedFeature, type Grade } from '@lumen/contracts/plans';
import { handlePayRequired } from '../../shared/api/session-hooks';
import { i18n } from '../../shared/i18n/i18n';
import { useAccountInfo } from '../../shared/session/account-info';

/** The §8 upgrade messages, under `generate.upgrade`. */
export type UpgradeReason = 'feature' | 'moreImages' | 'proModel' | 'longVideo' | 'soundEffect';

/**
 * Spec §5, §8: a gated choice opens the pay dialog with the upgrade message, through the
 * handler the payments feature registers with the API client. The dialog shows the message,
 * so no toast repeats it.
 */
export function promptUpgrade(
  reason: UpgradeReason,
  values?: Record<string, string | number>,
): void {
  handlePayRequired(ErrorCode.upgradeRequired, i18n.t(`generate.upgrade.${reason}`, values));
}

function toGrade(value: number | undefined): Grade {
  return gradeValues.find((g) => g === value) ?? 0;
}

export interface Gating {
  grade: Grade;
  /** Whether the §6 download watermark applies. */
  watermark: boolean;
  imagesPerRun: number;
  videoSeconds: readonly number[];
  allows: (feature: GatedFeature) => boolean;
}

/**
 * What the account's grade may use (contracts `gradeLimits`). Visitors see the free grade's
 * limits; with payment mode off nothing is gated (spec §5).
 */
export function useGating(): Gating {
  const { data: account } = useAccountInfo();
  const grade = toGrade(account?.grade);
  const limits = gradeLimits[grade];
  const enforced = account?.isPayment ?? true;
  const top = gradeLimits[4];
  return {
    grade,
    watermark: enforced && limits.watermark,
    imagesPerRun: enforced ? limits.imagesPerRun : top.imagesPerRun,
    videoSeconds: enforced ? limits.videoSeconds : top.videoSeconds,
    allows: (feature) => !enforced || limits.features.has(feature),
  };
}

/** The professional image model is for plus and above (spec §5 "pro image model"). */
export function isLockedModel(model: string, allowsPro: boolean): boolean {
  return model === 'professional' && !allowsPro;
}
