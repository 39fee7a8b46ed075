import type { CreditEntryType } from '@lumen/contracts/credits';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { entryTypeColors } from '../credit-format';

export function BillTypeBadge({ type }: { type: CreditEntryType }) {
  const { t } = useTranslation();
  return (
    <Badge color={entryTypeColors[type]} variant="light" radius="sm" size="sm">
      {t(`credits.types.${type}`)}
    </Badge>
  );
}
