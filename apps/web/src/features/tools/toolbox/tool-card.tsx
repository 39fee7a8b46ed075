import { toolOf, type ToolId } from '@lumen/contracts/tools';
import { Badge, Group, Text, ThemeIcon } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { taskTypeName } from '../../../shared/i18n/task-type-name';
import { useGating } from '../../generate/gating';
import { usePendingPicture } from '../pending-picture';
import { toolCost, toolRoute } from '../tool-catalogue';
import { FallbackToolIcon, toolIcons } from '../tool-icons';
import classes from './toolbox.module.css';

/**
 * One tool: its icon, name, one line on what it does, its cost and a PLUS badge when the
 * plan does not include it. A click opens it; a picture dropped on an editor tool's card
 * opens the editor with that picture loaded.
 */
export function ToolCard({ id }: { id: ToolId }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const gating = useGating();
  const [dragging, setDragging] = useState(false);
  const tool = toolOf(id);
  const Icon = toolIcons[tool.ui.icon] ?? FallbackToolIcon;
  const route = tool.available || tool.ui.editor ? toolRoute(id) : null;
  const gated = tool.gate !== undefined && !gating.allows(tool.gate);
  const takesDrop = route !== null && tool.ui.editor !== undefined;
  const name = taskTypeName(t, id);

  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (!file || !route) return;
    usePendingPicture.getState().hold(file);
    void navigate(route);
  };

  const body = (
    <>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <ThemeIcon size={44} radius="md" variant="light" color={route ? 'violet' : 'gray'}>
          <Icon size={24} stroke={1.6} />
        </ThemeIcon>
        <Group gap={4}>
          {gated ? (
            <Badge color="yellow" variant="filled" size="sm">
              {t('tools.plus')}
            </Badge>
          ) : null}
          {route ? null : (
            <Badge color="gray" variant="light" size="sm">
              {t('tools.toolbox.comingSoon')}
            </Badge>
          )}
        </Group>
      </Group>
      <Text fw={600} mt="sm">
        {name}
      </Text>
      <Text size="sm" c="dimmed" lineClamp={2}>
        {t(`tools.descriptions.${id}`)}
      </Text>
      <Group justify="space-between" mt="sm" gap={4}>
        <Group gap={4} wrap="nowrap">
          <IconBolt size={14} color="var(--mantine-color-yellow-6)" aria-hidden="true" />
          <Text size="xs" fw={600}>
            {t('generate.cost.credits', { count: toolCost(id) })}
          </Text>
        </Group>
        {takesDrop ? (
          <Text size="xs" c="dimmed">
            {t('tools.toolbox.drop')}
          </Text>
        ) : null}
      </Group>
    </>
  );

  if (!route) {
    return (
      <div className={classes.card} data-disabled aria-label={name} role="group">
        {body}
      </div>
    );
  }
  return (
    <button
      type="button"
      className={classes.card}
      data-dragging={dragging || undefined}
      aria-label={name}
      onClick={() => void navigate(route)}
      onDragOver={(event) => {
        if (!takesDrop) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={takesDrop ? drop : undefined}
    >
      {body}
    </button>
  );
}
