import type { Work } from '@lumen/contracts/community';
import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from './api-error-alert';

function EntryLine({ work, children }: { work: Work; children: React.ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={work.media.thumb_url} radius="sm" size={40} alt="" />
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={500} truncate>
          {work.title}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {work.author.nickname}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        {children}
      </Group>
    </Group>
  );
}

/**
 * The judges' ranking: entries are picked in order (first pick is first place), can be moved
 * or taken out, and the whole order is sent at once.
 */
export function RankingEditor({
  entries,
  initialRanking,
  hasMore,
  loadingMore,
  onMore,
  saving,
  error,
  onSubmit,
}: {
  entries: Work[];
  /** Work ids already ranked (the current results), best first. */
  initialRanking: string[];
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  saving: boolean;
  error: unknown;
  onSubmit: (ranking: string[]) => void;
}) {
  const { t } = useTranslation();
  const [ranking, setRanking] = useState<string[]>(initialRanking);
  const byId = new Map(entries.map((w) => [w.work_id, w]));
  const ranked = ranking.flatMap((id) => {
    const work = byId.get(id);
    return work ? [work] : [];
  });
  const unranked = entries.filter((w) => !ranking.includes(w.work_id));
  const move = (index: number, by: -1 | 1) =>
    setRanking((r) => {
      const next = [...r];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });

  if (entries.length === 0 && !hasMore) {
    return (
      <Text c="dimmed" size="sm">
        {t('admin.ranking.noEntries')}
      </Text>
    );
  }

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="xs">
          <Title order={3} fz="sm">
            {t('admin.ranking.ranked', { count: ranked.length })}
          </Title>
          {ranked.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('admin.ranking.pickHint')}
            </Text>
          ) : (
            <Stack gap={6} component="ol" m={0} p={0} aria-label={t('admin.ranking.rankedList')}>
              {ranked.map((work, i) => (
                <Paper key={work.work_id} component="li" withBorder p={6} radius="md">
                  <Group gap="xs" wrap="nowrap">
                    <Badge variant="filled" circle size="lg">
                      {i + 1}
                    </Badge>
                    <div style={{ flex: 1, minWidth: 0 }}>
                      <EntryLine work={work}>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          disabled={i === 0}
                          onClick={() => move(i, -1)}
                          aria-label={t('admin.ranking.up', { title: work.title })}
                        >
                          <IconArrowUp size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          disabled={i === ranked.length - 1}
                          onClick={() => move(i, 1)}
                          aria-label={t('admin.ranking.down', { title: work.title })}
                        >
                          <IconArrowDown size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => setRanking((r) => r.filter((id) => id !== work.work_id))}
                          aria-label={t('admin.ranking.remove', { title: work.title })}
                        >
                          <IconX size={16} />
                        </ActionIcon>
                      </EntryLine>
                    </div>
                  </Group>
                </Paper>
              ))}
            </Stack>
          )}
        </Stack>
        <Stack gap="xs">
          <Title order={3} fz="sm">
            {t('admin.ranking.entries')}
          </Title>
          {unranked.length === 0 && !hasMore ? (
            <Text size="sm" c="dimmed">
              {t('admin.ranking.allRanked')}
            </Text>
          ) : null}
          {unranked.map((work) => (
            <Paper key={work.work_id} withBorder p={6} radius="md">
              <EntryLine work={work}>
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => setRanking((r) => [...r, work.work_id])}
                  aria-label={t('admin.ranking.pick', { title: work.title })}
                >
                  {t('admin.ranking.pickShort')}
                </Button>
              </EntryLine>
            </Paper>
          ))}
          {hasMore ? (
            <Button variant="subtle" size="xs" onClick={onMore} loading={loadingMore}>
              {t('admin.review.more')}
            </Button>
          ) : null}
        </Stack>
      </SimpleGrid>
      <ApiErrorAlert error={error} />
      <Group justify="flex-end">
        <Button
          onClick={() => onSubmit(ranked.map((w) => w.work_id))}
          disabled={ranked.length === 0}
          loading={saving}
        >
          {t('admin.ranking.save')}
        </Button>
      </Group>
    </Stack>
  );
}
