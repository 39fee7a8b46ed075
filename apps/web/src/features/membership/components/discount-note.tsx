import { Alert, Stack, Text } from '@mantine/core';
import { IconDiscount } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useInviteDiscount, useOperationDiscount } from '../api/get-discounts';

/**
 * The discounts this user may get (spec §3 invite and operation discount, payment info's
 * fifty-percent discount). The server applies the largest one to the order; checkout shows the
 * final amount.
 */
export function DiscountNote({ fiftyDiscount }: { fiftyDiscount: number }) {
  const { t } = useTranslation();
  const operation = useOperationDiscount().data ?? 0;
  const invite = useInviteDiscount().data ?? 0;
  const lines = [
    operation > 0 ? t('membership.discounts.operation', { percent: operation }) : null,
    invite > 0 ? t('membership.discounts.invite', { percent: invite }) : null,
    fiftyDiscount > 0 ? t('membership.discounts.afterTrial', { percent: fiftyDiscount }) : null,
  ].filter((line): line is string => line !== null);
  if (lines.length === 0) return null;
  return (
    <Alert
      variant="light"
      color="teal"
      radius="md"
      icon={<IconDiscount size={18} />}
      title={t('membership.discounts.title')}
    >
      <Stack gap={2}>
        {lines.map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
        {lines.length > 1 ? (
          <Text size="xs" c="dimmed">
            {t('membership.discounts.largest')}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
