import type { AccountInfo } from '@lumen/contracts/credits';
import { Anchor, Card, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../credit-format';

/** Total credits and each live bucket with its expiry (spending takes the soonest first). */
export function CreditBucketsCard({ account }: { account: AccountInfo | undefined }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Card withBorder radius="lg" padding="xl" h="100%">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Text fw={700}>{t('member.credits.title')}</Text>
          <Anchor component={Link} to="/account/credits" size="sm">
            {t('member.credits.bills')}
          </Anchor>
        </Group>
        {account ? (
          <Text fz={36} fw={800} lh={1.1}>
            {number.format(account.credits)}
          </Text>
        ) : (
          <Skeleton h={40} w={120} />
        )}
        <Divider />
        {account && account.buckets.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('member.credits.noBuckets')}
          </Text>
        ) : null}
        {account?.buckets.map((bucket, index) => (
          <Group key={`${bucket.kind}-${index}`} justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={600}>
                {t(`credits.kinds.${bucket.kind}`)}
              </Text>
              <Text size="xs" c="dimmed">
                {bucket.expires_at
                  ? t('member.credits.expires', {
                      date: formatDateTime(bucket.expires_at, i18n.language),
                    })
                  : t('member.credits.neverExpires')}
              </Text>
            </Stack>
            <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
              {number.format(bucket.credits)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
