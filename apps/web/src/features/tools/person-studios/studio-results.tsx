import type { TaskResult } from '@lumen/contracts/tasks';
import { Alert, Image, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A studio's results: progress while the run works, then its pictures, or why it failed. */
export function StudioResults({ task }: { task: TaskResult | null }) {
  const { t } = useTranslation();
  const done = task?.status === 'done';
  const failed =
    task && (task.task_status === 3 || task.task_status === 4 || task.task_status === 5);
  const pictures = done ? task.sub_task_results.filter((r) => r.url) : [];
  const preview = pictures.some((r) => /preview/i.test(r.description ?? ''));
  return (
    <Stack gap="sm" aria-live="polite">
      <Title order={3} size="h4">
        {t('personStudios.results')}
      </Title>
      {!task ? (
        <Text c="dimmed">{t('personStudios.empty')}</Text>
      ) : failed && !done ? (
        <Alert color="red">{t('personStudios.failed')}</Alert>
      ) : !done ? (
        <Stack gap={4}>
          <Text size="sm">{t('personStudios.working', { progress: task.progress })}</Text>
          <Progress value={Math.max(3, task.progress)} animated />
        </Stack>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: pictures.length > 1 ? 2 : 1 }} spacing="sm">
            {pictures.map((picture, index) => (
              <a key={picture.url} href={picture.url ?? undefined} target="_blank" rel="noreferrer">
                <Image
                  src={picture.url}
                  alt={`${t('personStudios.results')} ${index + 1}`}
                  radius="md"
                  data-testid="studio-result"
                />
              </a>
            ))}
          </SimpleGrid>
          {preview ? (
            <Text size="xs" c="dimmed">
              {t('personStudios.preview')}
            </Text>
          ) : null}
        </>
      )}
    </Stack>
  );
}
