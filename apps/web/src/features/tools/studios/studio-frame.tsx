import type { ToolId } from '@lumen/contracts/tools';
import { Button, Grid, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { taskTypeName } from '../../../shared/i18n/task-type-name';
import { toolCost } from '../tool-catalogue';
import { useCountChoices } from './count-choices';

/**
 * A studio page's frame: its title and words, the form beside the results (stacked on a
 * phone), how many results, their cost, and the generate button.
 */
export function StudioFrame({
  toolId,
  subtitle,
  form,
  results,
  count,
  onCount,
  busy,
  disabled = false,
  onSubmit,
  titleOrder = 1,
}: {
  toolId: ToolId;
  subtitle: string;
  form: ReactNode;
  results: ReactNode;
  count: number;
  /** Without it the count is fixed (a single-result tool) and no choice is shown. */
  onCount?: (count: number) => void;
  busy: boolean;
  /** Holds the generate button back until the form can run (e.g. a face photo is checked). */
  disabled?: boolean;
  onSubmit: () => void;
  /** The heading's level: 2 where the frame is one tab of a page with its own title. */
  titleOrder?: 1 | 2;
}) {
  const { t } = useTranslation();
  const choices = useCountChoices();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!disabled) onSubmit();
  };
  return (
    <Stack gap="lg" p={{ base: 'sm', sm: 'lg' }} maw={1280} mx="auto" w="100%">
      <Stack gap={4}>
        <Title
          order={titleOrder}
          fz={titleOrder === 1 ? { base: 24, sm: 30 } : { base: 20, sm: 24 }}
        >
          {taskTypeName(t, toolId)}
        </Title>
        <Text c="dimmed" size="sm">
          {subtitle}
        </Text>
      </Stack>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              {form}
              {onCount ? (
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t('studios.count')}
                  </Text>
                  <SegmentedControl
                    value={String(count)}
                    onChange={(value) => onCount(Number(value))}
                    data={choices.map(String)}
                    aria-label={t('studios.count')}
                  />
                </Stack>
              ) : null}
              <Group justify="space-between" wrap="nowrap">
                <Group gap={4} wrap="nowrap">
                  <IconBolt size={16} color="var(--mantine-color-yellow-6)" aria-hidden="true" />
                  <Text size="sm" fw={600}>
                    {t('studios.cost', { count: toolCost(toolId) * count })}
                  </Text>
                </Group>
                <Button type="submit" loading={busy} disabled={disabled}>
                  {t('studios.generate')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>{results}</Grid.Col>
      </Grid>
    </Stack>
  );
}
