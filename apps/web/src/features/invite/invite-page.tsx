import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import {
  IconCheck,
  IconCoins,
  IconCopy,
  IconGift,
  IconHistory,
  IconShare,
  IconUserPlus,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/ui/toast';
import { useInvitations } from './api/list-invitations';
import classes from './invite-page.module.css';

function Stat({ icon: StatIcon, label, value }: { icon: Icon; label: string; value: string }) {
  return (
    <Card withBorder radius="lg" padding="md" px={{ base: 'xs', sm: 'md' }}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={42} radius="xl" variant="light" visibleFrom="sm">
          <StatIcon size={22} />
        </ThemeIcon>
        <Stack gap={0}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" lh={1.3}>
            {label}
          </Text>
          <Text fz={{ base: 22, sm: 26 }} fw={800} lh={1.2} className={classes.number}>
            {value}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** A copy button that says so in a toast, and on itself for a moment. */
function CopyButton({
  value,
  label,
  copiedMessage,
}: {
  value: string;
  label: string;
  copiedMessage: string;
}) {
  const { t } = useTranslation();
  const clipboard = useClipboard({ timeout: 2000 });
  return (
    <Button
      radius="xl"
      variant="white"
      color="violet"
      leftSection={clipboard.copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
      onClick={() => {
        clipboard.copy(value);
        toast({ type: 'success', message: copiedMessage });
      }}
      aria-label={label}
    >
      {clipboard.copied ? t('invite.copied') : t('invite.copy')}
    </Button>
  );
}

/** Spec §2 invitation: the link to share, the points it earned and who joined through it. */
export function InvitePage() {
  const { t, i18n } = useTranslation();
  const invitations = useInvitations();
  const number = new Intl.NumberFormat(i18n.language);
  const data = invitations.data;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  const steps: { icon: Icon; key: string }[] = [
    { icon: IconShare, key: 'share' },
    { icon: IconUserPlus, key: 'join' },
    { icon: IconGift, key: 'reward' },
  ];

  return (
    <Stack gap="xl" maw={1000} mx="auto" pb="xl">
      <Card radius="lg" padding="xl" className={classes.hero}>
        <Stack gap="md">
          <Stack gap={6}>
            <Title order={1} fz={{ base: 26, sm: 34 }} c="white">
              {t('invite.title')}
            </Title>
            <Text className={classes.muted} maw={620}>
              {data
                ? t('invite.subtitle', { percent: data.discount })
                : t('invite.subtitleLoading')}
            </Text>
          </Stack>
          {invitations.isError ? (
            <Alert color="red" variant="white" radius="md">
              {t('invite.loadError')}
            </Alert>
          ) : data ? (
            <Stack gap="xs">
              <Group gap="xs" wrap="wrap" align="flex-end">
                <TextInput
                  label={t('invite.link')}
                  value={data.invite_url}
                  readOnly
                  onFocus={(event) => event.currentTarget.select()}
                  classNames={{ label: classes.label }}
                  style={{ flex: '1 1 260px' }}
                  radius="xl"
                />
                <CopyButton
                  value={data.invite_url}
                  label={t('invite.copyLink')}
                  copiedMessage={t('invite.linkCopied')}
                />
              </Group>
              <Group gap="xs">
                <Text size="sm" className={classes.muted}>
                  {t('invite.code')}
                </Text>
                <Badge
                  size="lg"
                  radius="sm"
                  variant="white"
                  color="violet"
                  className={classes.code}
                  data-testid="invite-code"
                >
                  {data.invite_code}
                </Badge>
                <Badge size="lg" radius="sm" variant="filled" color="yellow" c="dark">
                  {t('invite.discountBadge', { percent: data.discount })}
                </Badge>
              </Group>
            </Stack>
          ) : (
            <Skeleton h={70} radius="lg" opacity={0.4} />
          )}
        </Stack>
      </Card>

      <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }}>
        <Stat
          icon={IconWallet}
          label={t('invite.stats.redeemable')}
          value={data ? number.format(data.redeemable_points) : '—'}
        />
        <Stat
          icon={IconCoins}
          label={t('invite.stats.total')}
          value={data ? number.format(data.total_points) : '—'}
        />
        <Stat
          icon={IconHistory}
          label={t('invite.stats.used')}
          value={data ? number.format(data.used_points) : '—'}
        />
      </SimpleGrid>

      <Stack gap="sm" component="section">
        <Title order={2} fz={{ base: 18, sm: 22 }}>
          {t('invite.how.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {steps.map((step, i) => (
            <Card key={step.key} withBorder radius="lg" padding="md">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon size={36} radius="xl" variant="gradient">
                  <step.icon size={18} />
                </ThemeIcon>
                <Stack gap={2}>
                  <Text fw={700} size="sm">
                    {i + 1}. {t(`invite.how.${step.key}.title`)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t(`invite.how.${step.key}.body`, { percent: data?.discount ?? 10 })}
                  </Text>
                </Stack>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>

      <Stack gap="sm" component="section">
        <Title order={2} fz={{ base: 18, sm: 22 }}>
          {t('invite.rewards.title')}
        </Title>
        {invitations.isPending ? (
          <Skeleton h={120} radius="lg" />
        ) : !data || data.list.length === 0 ? (
          <Card withBorder radius="lg" padding="lg">
            <Text size="sm" c="dimmed">
              {t('invite.rewards.empty')}
            </Text>
          </Card>
        ) : (
          <Card withBorder radius="lg" padding={0}>
            <Table.ScrollContainer minWidth={420}>
              <Table verticalSpacing="sm" horizontalSpacing="md">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('invite.rewards.invitee')}</Table.Th>
                    <Table.Th>{t('invite.rewards.date')}</Table.Th>
                    <Table.Th>{t('invite.rewards.status')}</Table.Th>
                    <Table.Th ta="right">{t('invite.rewards.points')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.list.map((row, i) => (
                    <Table.Tr key={`${row.invitee}-${row.date}-${i}`} data-testid="reward-row">
                      <Table.Td fw={600}>{row.invitee}</Table.Td>
                      <Table.Td c="dimmed">{date.format(new Date(row.date))}</Table.Td>
                      <Table.Td>
                        <Badge
                          variant="light"
                          color={row.status === 'activated' ? 'teal' : 'yellow'}
                        >
                          {t(`invite.rewards.statuses.${row.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right" fw={700}>
                        {row.reward_points > 0 ? `+${number.format(row.reward_points)}` : '—'}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        )}
        <Text size="xs" c="dimmed">
          {t('invite.rewards.note')}
        </Text>
      </Stack>
    </Stack>
  );
}
