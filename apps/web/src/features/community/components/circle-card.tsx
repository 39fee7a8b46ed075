import type { Circle } from '@lumen/contracts/community';
import { Box, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCircleJoin } from '../api/toggles';
import { CoverArt } from './cover-art';

export function JoinButton({ circle, size = 'xs' }: { circle: Circle; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const join = useCircleJoin(circle.circle_id);
  return (
    <Button
      size={size}
      radius="xl"
      variant={circle.joined ? 'default' : 'filled'}
      leftSection={circle.joined ? <IconCheck size={14} /> : <IconPlus size={14} />}
      aria-pressed={circle.joined}
      aria-label={t(circle.joined ? 'community.circles.exitNamed' : 'community.circles.joinNamed', {
        name: circle.name,
      })}
      onClick={() => join.toggle({ active: circle.joined, count: circle.member_count })}
    >
      {t(circle.joined ? 'community.circles.joined' : 'community.circles.join')}
    </Button>
  );
}

/** A circle in the list: cover, name, counts, join or exit. */
export function CircleCard({ circle }: { circle: Circle }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding={0}>
      <Link
        to={`/circles/${circle.circle_id}`}
        aria-hidden="true"
        tabIndex={-1}
        style={{ display: 'block' }}
      >
        <CoverArt src={circle.cover_url} h={110} tone="circle" />
      </Link>
      <Stack gap={6} p="md">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text
            fw={700}
            truncate
            component={Link}
            to={`/circles/${circle.circle_id}`}
            style={{ color: 'inherit' }}
          >
            {circle.name}
          </Text>
          <JoinButton circle={circle} />
        </Group>
        {circle.description ? (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {circle.description}
          </Text>
        ) : null}
        <Box>
          <Text size="xs" c="dimmed">
            {t('community.circles.members', { count: circle.member_count })} ·{' '}
            {t('community.circles.works', { count: circle.work_count })}
          </Text>
        </Box>
      </Stack>
    </Card>
  );
}
