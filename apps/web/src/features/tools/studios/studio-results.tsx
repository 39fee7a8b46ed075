import type { SubTaskResult, TaskResult } from '@lumen/contracts/tasks';
import {
  Badge,
  Button,
  Card,
  Group,
  Image,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadMedia } from '../../../shared/api/download-media';

/** One picture of a result: what it shows, and whether it downloads as SVG. */
export interface ResultPart {
  label: string;
  output: SubTaskResult;
  /** Shown on a checkerboard (a transparent logo or design). */
  transparent?: boolean;
}

/** One result of a studio run: its title and its pictures (the design, its stencil, …). */
export interface ResultGroup {
  title: string;
  parts: ResultPart[];
  /** The files offered for download, each with its button's words. */
  downloads: { label: string; output: SubTaskResult }[];
}

/** CPU engines describe what they could only sketch as "Preview…" (a model draws the real one). */
const isPreview = (output: SubTaskResult) => output.description?.startsWith('Preview') ?? false;

const checker = 'repeating-conic-gradient(#e9ecef 0% 25%, #ffffff 0% 50%) 50% / 20px 20px';

function Download({
  task,
  label,
  output,
}: {
  task: TaskResult;
  label: string;
  output: SubTaskResult;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (!output.image) return null;
  const key = output.image;
  const svg = output.mime === 'image/svg+xml';
  return (
    <Button
      size="xs"
      variant="light"
      loading={busy}
      leftSection={<IconDownload size={14} />}
      aria-label={t('studios.download', { name: label })}
      onClick={() => {
        setBusy(true);
        void downloadMedia({
          type: 'image',
          key,
          name: `lumen-${task.task_id.slice(0, 8)}-${output.index ?? 0}`,
          ...(svg ? { extension: 'svg' } : {}),
        }).finally(() => setBusy(false));
      }}
    >
      {label}
    </Button>
  );
}

/**
 * A studio's results: the run's progress while it works, its failure in words, then one card
 * per result with its pictures side by side and its downloads.
 */
export function StudioResults({
  task,
  groups,
}: {
  task: TaskResult | null;
  groups: (task: TaskResult) => ResultGroup[];
}) {
  const { t } = useTranslation();
  if (!task) {
    return (
      <Card withBorder radius="md" p="xl">
        <Text c="dimmed" ta="center">
          {t('studios.empty')}
        </Text>
      </Card>
    );
  }
  if (task.status === 'failed' || task.status === 'flagged' || task.status === 'cancelled') {
    return (
      <Card withBorder radius="md" p="lg" role="alert">
        <Text c="red">{t('studios.failed', { reason: task.error ?? task.status })}</Text>
      </Card>
    );
  }
  if (task.status !== 'done') {
    return (
      <Card withBorder radius="md" p="lg" aria-busy="true">
        <Stack gap="xs">
          <Text size="sm">{t('studios.working', { progress: Math.round(task.progress) })}</Text>
          <Progress value={Math.max(4, task.progress)} animated />
        </Stack>
      </Card>
    );
  }
  const results = groups(task);
  const preview = results.some((group) => group.parts.some((part) => isPreview(part.output)));
  return (
    <Stack gap="md" data-testid="studio-results" aria-live="polite">
      {results.map((group) => (
        <Card key={group.title} withBorder radius="md" p="md" data-testid="studio-result">
          <Stack gap="sm">
            <Text fw={600}>{group.title}</Text>
            <SimpleGrid cols={{ base: 1, xs: Math.min(3, group.parts.length) }} spacing="sm">
              {group.parts.map((part) => (
                <Stack key={part.label} gap={4}>
                  <div
                    style={{
                      background: part.transparent ? checker : '#f8f9fa',
                      borderRadius: 8,
                      overflow: 'hidden',
                    }}
                  >
                    <Image
                      src={part.output.url ?? undefined}
                      alt={`${group.title}: ${part.label}`}
                      fit="contain"
                      h={200}
                    />
                  </div>
                  <Group gap={6}>
                    <Text size="xs" c="dimmed">
                      {part.label}
                    </Text>
                    {isPreview(part.output) ? (
                      <Badge size="xs" color="gray" variant="light">
                        {t('studios.preview')}
                      </Badge>
                    ) : null}
                  </Group>
                </Stack>
              ))}
            </SimpleGrid>
            <Group gap="xs">
              {group.downloads.map((d) => (
                <Download key={d.label} task={task} label={d.label} output={d.output} />
              ))}
            </Group>
          </Stack>
        </Card>
      ))}
      {preview ? (
        <Text size="xs" c="dimmed">
          {t('studios.previewNote')}
        </Text>
      ) : null}
    </Stack>
  );
}
