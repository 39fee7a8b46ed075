import type { AdminUserAge, AdminUserSummary } from '@lumen/contracts/admin-users';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const statusColors: Record<AdminUserSummary['status'], string> = {
  active: 'teal',
  banned: 'red',
  closed: 'gray',
};

export function UserStatusBadge({ status }: { status: AdminUserSummary['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={statusColors[status]}
      style={{ flexShrink: 0 }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {t(`admin.users.status.${status}`)}
    </Badge>
  );
}

/** Which age badge an account gets: a child's shows where the guardian's consent stands. */
function ageBadgeOf(age: AdminUserAge) {
  if (age.age_group === 'unknown') return { key: 'unknown', color: 'gray' } as const;
  if (age.age_group === 'adult') return { key: 'adult', color: 'gray' } as const;
  if (age.age_group === 'teen') return { key: 'teen', color: 'blue' } as const;
  const colors = { pending: 'orange', granted: 'teal', declined: 'red', not_needed: 'orange' };
  const key = age.consent === 'not_needed' ? 'pending' : age.consent;
  return { key, color: colors[age.consent] } as const;
}

/** "Minor · guardian consent pending" and its kin, coloured by what it allows. */
export function AgeConsentBadge({ age }: { age: AdminUserAge }) {
  const { t } = useTranslation();
  const badge = ageBadgeOf(age);
  return (
    <Badge
      variant="light"
      color={badge.color}
      size="lg"
      tt="none"
      data-testid="age-consent-badge"
      style={{ whiteSpace: 'normal', height: 'auto', minHeight: 26 }}
    >
      {t(`admin.users.age.badge.${badge.key}`)}
    </Badge>
  );
}
