import { TOAST_DEFAULT_MS } from '@lumen/contracts/constants';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { gradeLimits, gradeValues, type GatedFeature, type Grade } from '@lumen/contracts/plans';
import { Badge, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { handlePayRequired } from '../../../shared/api/session-hooks';
import { i18n } from '../../../shared/i18n/i18n';
import { toast } from '../../../shared/ui/toast';
import { useAccount } from '../api/get-account';

/** The §8 upgrade messages, under `generate.upgrade`. */
export type UpgradeReason = 'feature' | 'moreImages' | 'proModel' | 'longVideo';

/**
 * Spec §5, §8: a gated choice shows the upgrade message (3 s, with a close button) and opens the
 * pay dialog through the handler the payments feature registers with the API client.
 */
export function promptUpgrade(reason: UpgradeReason, values?: Record<string, string | number>): void {
  const message = i18n.t(`generate.upgrade.${reason}`, values);
  toast({ type: 'warning', message, duration: TOAST_DEFAULT_MS, closable: true, id: 'generate-upgrade' });
  handlePayRequired(ErrorCode.upgradeRequired, message);
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
  const { data: account } = useAccount();
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

/** The small lock shown next to a choice the plan does not include. */
export function LockBadge({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  if (compact) return <IconLock size={12} stroke={2.2} aria-hidden="true" />;
  return (
    <Tooltip label={t('generate.gating.tooltip')} withArrow>
      <Badge
        size="xs"
        variant="light"
        color="yellow"
        leftSection={<IconLock size={10} stroke={2.4} aria-hidden="true" />}
      >
        {t('generate.gating.badge')}
      </Badge>
    </Tooltip>
  );
}
