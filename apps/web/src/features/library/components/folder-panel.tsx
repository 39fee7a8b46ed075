import { algoTypes, type Folder } from '@lumen/contracts/assets';
import { Button, Group, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { IconFolderPlus, IconLayoutGrid } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FolderCard } from './folder-card';
import classes from './folder-panel.module.css';

/** The headings of the studios' folder groups shown under a tab's own folders. */
const groupNames: Record<number, 'portrait' | 'role'> = {
  [algoTypes.portrait]: 'portrait',
  [algoTypes.role]: 'role',
};

interface FolderPanelProps {
  /** The tab's own folder group (spec §3 algorithm code); others follow under headings. */
  group: number;
  folders: Folder[] | undefined;
  activeId: number | null;
  onSelect: (id: number | null) => void;
  onCreate: () => void;
  onRename: (folder: Folder) => void;
  onDelete: (folder: Folder) => void;
}

/** A column beside the grid on wide screens; a row that scrolls sideways on phones. */
export function FolderPanel({
  group,
  folders,
  activeId,
  onSelect,
  onCreate,
  onRename,
  onDelete,
}: FolderPanelProps) {
  const { t } = useTranslation();
  return (
    <section className={classes.panel} aria-label={t('library.folders.title')}>
      <Group justify="space-between" className={classes.heading} wrap="nowrap">
        <Text fw={700} size="sm">
          {t('library.folders.title')}
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          radius="xl"
          leftSection={<IconFolderPlus size={14} />}
          onClick={onCreate}
        >
          {t('library.folders.new')}
        </Button>
      </Group>
      <div className={classes.list}>
        <div className={classes.card} data-active={activeId === null || undefined}>
          <UnstyledButton
            className={classes.cardButton}
            onClick={() => onSelect(null)}
            aria-current={activeId === null || undefined}
          >
            <div className={classes.allCover} aria-hidden>
              <IconLayoutGrid size={26} />
            </div>
            <Text size="sm" fw={600} mt={8}>
              {t('library.folders.all')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('library.folders.allHint')}
            </Text>
          </UnstyledButton>
        </div>
        {folders === undefined
          ? [0, 1].map((i) => <Skeleton key={i} className={classes.card} h={150} radius="md" />)
          : folders.flatMap((folder, index) => {
              const card = (
                <FolderCard
                  key={folder.id}
                  folder={folder}
                  active={folder.id === activeId}
                  onSelect={() => onSelect(folder.id)}
                  onRename={() => onRename(folder)}
                  onDelete={() => onDelete(folder)}
                />
              );
              const heading = groupNames[folder.algo_type];
              const opensGroup =
                folder.algo_type !== group && folders[index - 1]?.algo_type !== folder.algo_type;
              if (!opensGroup || !heading) return [card];
              return [
                <Text
                  key={`group-${folder.algo_type}`}
                  className={classes.groupHeading}
                  size="xs"
                  fw={700}
                  c="dimmed"
                  tt="uppercase"
                >
                  {t(`library.folders.groups.${heading}`)}
                </Text>,
                card,
              ];
            })}
      </div>
    </section>
  );
}
