import type { Folder } from '@lumen/contracts/assets';
import { FOLDER_COVER_COUNT } from '@lumen/contracts/assets';
import { ActionIcon, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './folder-panel.module.css';

interface FolderCardProps {
  folder: Folder;
  active: boolean;
  onSelect: () => void;
  onRename: () => void;
  onDelete: () => void;
}

/** A folder with its five covers (spec §3, padded with '' when it holds fewer works). */
export function FolderCard({ folder, active, onSelect, onRename, onDelete }: FolderCardProps) {
  const { t, i18n } = useTranslation();
  const covers = Array.from({ length: FOLDER_COVER_COUNT }, (_, i) => folder.cover_list[i] ?? '');
  return (
    <div className={classes.card} data-active={active || undefined}>
      <UnstyledButton
        className={classes.cardButton}
        onClick={onSelect}
        aria-current={active || undefined}
      >
        <div className={classes.mosaic} aria-hidden>
          {covers.map((cover, index) =>
            cover ? (
              <img key={index} src={cover} alt="" loading="lazy" className={classes.cover} />
            ) : (
              <span key={index} className={classes.cover} data-empty />
            ),
          )}
        </div>
        <Text size="sm" fw={600} truncate mt={8}>
          {folder.name}
        </Text>
        <Text size="xs" c="dimmed">
          {t('library.folders.created', {
            date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
              new Date(folder.created_time),
            ),
          })}
        </Text>
      </UnstyledButton>
      <Group className={classes.menu}>
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              radius="xl"
              className={classes.menuButton}
              aria-label={t('library.folders.actions', { name: folder.name })}
            >
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={14} />} onClick={onRename}>
              {t('library.folders.rename')}
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
              {t('library.folders.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </div>
  );
}
