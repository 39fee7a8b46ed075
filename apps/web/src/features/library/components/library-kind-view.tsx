import type { Folder } from '@lumen/contracts/assets';
import { ActionIcon, Button, Group, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconChecks, IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast';
import { useAddFolderItems } from '../api/add-folder-items';
import { useCreateFolder } from '../api/create-folder';
import { useDeleteFolder } from '../api/delete-folder';
import { useDeleteOutputs } from '../api/delete-output';
import { useFolders } from '../api/list-folders';
import { useRemoveFolderItems } from '../api/remove-folder-items';
import { useRenameFolder } from '../api/rename-folder';
import { algoTypeOf, type LibraryKind } from '../library-kinds';
import { FolderItemsGrid, HistoryGrid } from './library-grids';
import { FolderNameModal } from './folder-name-modal';
import { FolderPanel } from './folder-panel';
import classes from './library-kind-view.module.css';
import { SelectionBar } from './selection-bar';

interface LibraryKindViewProps {
  kind: LibraryKind;
  folderId: number | null;
  onFolderChange: (id: number | null) => void;
}

type Editing = { mode: 'create' } | { mode: 'rename'; folder: Folder } | null;

const SEARCH_DEBOUNCE_MS = 300;

/** One tab of the library: its folders, the works in view, and moving works between them. */
export function LibraryKindView({ kind, folderId, onFolderChange }: LibraryKindViewProps) {
  const { t } = useTranslation();
  const folders = useFolders(kind);
  const createFolder = useCreateFolder(kind);
  const renameFolder = useRenameFolder();
  const deleteFolder = useDeleteFolder();
  const addItems = useAddFolderItems();
  const removeItems = useRemoveFolderItems();
  const deleteOutputs = useDeleteOutputs();
  const [editing, setEditing] = useState<Editing>(null);
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const current = folders.data?.find((folder) => folder.id === folderId) ?? null;

  const stopSelecting = () => {
    setSelecting(false);
    setSelected(new Set());
  };
  const toggle = (key: string) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const keys = [...selected];
  const selection = { selecting, selected, onToggle: toggle };

  const confirmDelete = (folder: Folder) =>
    modals.openConfirmModal({
      title: t('library.folders.deleteTitle'),
      children: <Text size="sm">{t('library.folders.deleteBody', { name: folder.name })}</Text>,
      labels: { confirm: t('library.folders.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteFolder.mutate(folder.id, {
          onSuccess: () => {
            if (folder.id === folderId) onFolderChange(null);
            toast({ type: 'success', message: t('library.folders.deleted') });
          },
        }),
    });

  const moveTo = (target: number) =>
    addItems.mutate(
      { folderId: target, keys },
      {
        onSuccess: ({ count }) => {
          const name = folders.data?.find((f) => f.id === target)?.name ?? '';
          toast({ type: 'success', message: t('library.select.moved', { count, name }) });
          stopSelecting();
        },
      },
    );

  const removeFromCurrent = () => {
    if (folderId === null) return;
    removeItems.mutate(
      { folderId, keys },
      {
        onSuccess: ({ count }) => {
          toast({ type: 'success', message: t('library.select.removed', { count }) });
          stopSelecting();
        },
      },
    );
  };

  const confirmDeleteSelected = () =>
    modals.openConfirmModal({
      title: t('library.select.deleteTitle', { count: keys.length }),
      children: <Text size="sm">{t('library.detail.deleteBody')}</Text>,
      labels: { confirm: t('library.detail.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteOutputs.mutate(keys, {
          onSuccess: ({ count }) => {
            toast({ type: 'success', message: t('library.select.deleted', { count }) });
            stopSelecting();
          },
        }),
    });

  return (
    <div className={classes.layout}>
      <FolderPanel
        group={algoTypeOf(kind)}
        folders={folders.data}
        activeId={folderId}
        onSelect={(id) => {
          stopSelecting();
          onFolderChange(id);
        }}
        onCreate={() => setEditing({ mode: 'create' })}
        onRename={(folder) => setEditing({ mode: 'rename', folder })}
        onDelete={confirmDelete}
      />
      <div className={classes.content}>
        <Group justify="space-between" mb="sm" gap="xs" className={classes.header}>
          <Title order={2} fz="lg" miw={0} style={{ overflowWrap: 'anywhere' }}>
            {current ? current.name : t('library.folders.all')}
          </Title>
          {folderId === null ? (
            <TextInput
              className={classes.search}
              size="xs"
              radius="xl"
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              placeholder={t('library.search.placeholder')}
              aria-label={t('library.search.label')}
              maxLength={100}
              leftSection={<IconSearch size={14} />}
              rightSection={
                search ? (
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    radius="xl"
                    aria-label={t('library.search.clear')}
                    onClick={() => setSearch('')}
                  >
                    <IconX size={12} />
                  </ActionIcon>
                ) : null
              }
            />
          ) : null}
          <Button
            size="compact-sm"
            variant={selecting ? 'filled' : 'default'}
            radius="xl"
            style={{ flexShrink: 0 }}
            leftSection={<IconChecks size={14} />}
            onClick={() => (selecting ? stopSelecting() : setSelecting(true))}
          >
            {t(selecting ? 'library.select.done' : 'library.select.start')}
          </Button>
        </Group>
        {folderId !== null ? (
          <FolderItemsGrid key={folderId} kind={kind} folderId={folderId} {...selection} />
        ) : (
          <HistoryGrid kind={kind} search={debouncedSearch} {...selection} />
        )}
        {selecting ? (
          <SelectionBar
            count={selected.size}
            folders={folders.data ?? []}
            currentFolderId={folderId}
            busy={addItems.isPending || removeItems.isPending || deleteOutputs.isPending}
            onMove={moveTo}
            onRemove={removeFromCurrent}
            onDelete={confirmDeleteSelected}
            onCancel={stopSelecting}
          />
        ) : null}
      </div>
      <FolderNameModal
        opened={editing !== null}
        mode={editing?.mode ?? 'create'}
        initialName={editing?.mode === 'rename' ? editing.folder.name : ''}
        onClose={() => setEditing(null)}
        onSubmit={(name) =>
          editing?.mode === 'rename'
            ? renameFolder.mutateAsync({ id: editing.folder.id, name })
            : createFolder.mutateAsync(name)
        }
      />
    </div>
  );
}
