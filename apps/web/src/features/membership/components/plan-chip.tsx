import { Button, UnstyledButton } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccountInfo } from '../../../shared/session/account-info';
import { useSession } from '../../../shared/session/session-store';
import { gradeKey } from '../grades';
import classes from './plan-chip.module.css';

/**
 * The top bar's plan: the grade a subscriber has (to the member centre), or an upgrade link.
 * The phone top bar has no room left for it; the member centre shows the plan there.
 */
export function PlanChip({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.user !== null);
  const account = useAccountInfo();
  if (compact || !signedIn || !account.data) return null;

  const grade = account.data.grade;
  if (grade <= 0) {
    return (
      <Button
        component={Link}
        to="/pay"
        size="xs"
        radius="xl"
        variant="gradient"
        leftSection={<IconCrown size={14} />}
      >
        {t('membership.chip.upgrade')}
      </Button>
    );
  }
  const plan = t(`pay.grades.${gradeKey(grade)}`);
  const label = t('membership.chip.label', { plan });
  return (
    <UnstyledButton component={Link} to="/member" className={classes.chip} aria-label={label}>
      <IconCrown size={15} className={classes.icon} aria-hidden />
      <span>{plan}</span>
    </UnstyledButton>
  );
}
