import type { Folder } from '@lumen/contracts/assets';
import { Button, Group, Menu, Paper, Text } from '@mantine/core';
import { IconFolderMinus, IconFolderShare, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './selection-bar.module.css';

interface SelectionBarProps {
  count: number;
  folders: Folder[];
  /** The folder being viewed; offers "remove from folder" when set. */
  currentFolderId: number | null;
  busy: boolean;
  onMove: (folderId: number) => void;
  onRemove: () => void;
  /** Deletes the selected works from the library (after the caller confirms). */
  onDelete: () => void;
  onCancel: () => void;
}

/** Floats above the grid while selecting, so the actions stay in reach on long pages. */
export function SelectionBar({
  count,
  folders,
  currentFolderId,
  busy,
  onMove,
  onRemove,
  onDelete,
  onCancel,
}: SelectionBarProps) {
  const { t } = useTranslation();
  const targets = folders.filter((folder) => folder.id !== currentFolderId);
  return (
    <Paper
      shadow="lg"
      radius="xl"
      p={6}
      pl="md"
      className={classes.bar}
      role="toolbar"
      aria-label={t('library.select.toolbar')}
    >
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {t('library.select.count', { count })}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Menu position="top" withinPortal shadow="md">
            <Menu.Target>
              <Button
                size="xs"
                radius="xl"
                leftSection={<IconFolderShare size={14} />}
                classNames={{ section: classes.icon }}
                disabled={count === 0}
                loading={busy}
              >
                {t('library.select.move')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{t('library.select.moveTo')}</Menu.Label>
              {targets.length === 0 ? (
                <Menu.Item disabled>{t('library.select.noFolders')}</Menu.Item>
              ) : (
                targets.map((folder) => (
                  <Menu.Item key={folder.id} onClick={() => onMove(folder.id)}>
                    {folder.name}
                  </Menu.Item>
                ))
              )}
            </Menu.Dropdown>
          </Menu>
          {currentFolderId !== null ? (
            <Button
              size="xs"
              radius="xl"
              variant="default"
              leftSection={<IconFolderMinus size={14} />}
              classNames={{ section: classes.iconOnly }}
              disabled={count === 0 || busy}
              onClick={onRemove}
              aria-label={t('library.select.remove')}
            >
              <span className={classes.label}>{t('library.select.remove')}</span>
            </Button>
          ) : null}
          <Button
            size="xs"
            radius="xl"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} />}
            classNames={{ section: classes.iconOnly }}
            disabled={count === 0 || busy}
            onClick={onDelete}
            aria-label={t('library.select.delete')}
          >
            <span className={classes.label}>{t('library.select.delete')}</span>
          </Button>
          <Button
            size="xs"
            radius="xl"
            variant="subtle"
            color="gray"
            onClick={onCancel}
            aria-label={t('common.cancel')}
            px={8}
          >
            <IconX size={16} />
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
