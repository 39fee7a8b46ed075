import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Payments are not released yet; saying so plainly beats a buy button that goes nowhere.
 * `onNavigate` closes the dialog before the member centre opens.
 */
export function CheckoutNote({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert variant="light" color="gray" radius="md" icon={<IconInfoCircle size={18} />}>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('payDialog.checkoutTitle')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('payDialog.checkoutBody')}
        </Text>
        <Anchor component={Link} to="/member" size="sm" fw={600} onClick={onNavigate}>
          {t('payDialog.memberCentre')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
