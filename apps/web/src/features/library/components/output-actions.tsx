import type { TaskResult } from '@lumen/contracts/tasks';
import { Button, Menu, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconFolder, IconFolderPlus, IconFolderSymlink, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../../shared/ui/toast';
import { useAddFolderItems } from '../api/add-folder-items';
import { useCreateFolder } from '../api/create-folder';
import { useDeleteOutput } from '../api/delete-output';
import { useFolders } from '../api/list-folders';
import { outputKey as keyOf } from '../library-items';
import type { LibraryKind } from '../library-kinds';
import { FolderNameModal } from './folder-name-modal';

/** One output of a task, as the detail page shows it. */
export interface OutputViewProps {
  task: TaskResult;
  output: TaskResult['sub_task_results'][number];
  /** The output's media key. */
  outputKey: string;
  kind: LibraryKind;
}

/** Filing a work in a folder and deleting it, under the detail page's main actions. */
export function OutputActions({ task, output, outputKey, kind }: OutputViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const folders = useFolders(kind);
  const createFolder = useCreateFolder(kind);
  const addItems = useAddFolderItems();
  const deleteOutput = useDeleteOutput();
  const [naming, setNaming] = useState(false);

  const moveTo = async (folderId: number, name: string) => {
    await addItems.mutateAsync({ folderId, keys: [outputKey] });
    toast({ type: 'success', message: t('library.select.moved', { count: 1, name }) });
  };

  const index = output.index ?? Math.max(0, task.sub_task_results.indexOf(output));
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('library.detail.deleteTitle'),
      children: <Text size="sm">{t('library.detail.deleteBody')}</Text>,
      labels: { confirm: t('library.detail.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteOutput.mutate(
          { taskId: task.task_id, index },
          {
            onSuccess: () => {
              toast({ type: 'success', message: t('library.detail.deleted') });
              // The next result of the same run, else back to the library.
              const next = task.sub_task_results.find((o) => o !== output && keyOf(o));
              const search = new URLSearchParams({ kind, type: task.task_type });
              void navigate(
                next
                  ? `/library/item/${encodeURIComponent(task.task_id)}/${next.index ?? task.sub_task_results.indexOf(next)}?${search.toString()}`
                  : `/library${kind === 'image' ? '' : `?kind=${kind}`}`,
                { replace: true },
              );
            },
          },
        ),
    });

  return (
    <Stack gap="xs">
      <Menu position="bottom" shadow="md" width="target" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            radius="xl"
            leftSection={<IconFolderSymlink size={16} />}
            loading={addItems.isPending}
          >
            {t('library.select.moveTo')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {(folders.data ?? []).map((folder) => (
            <Menu.Item
              key={folder.id}
              leftSection={<IconFolder size={14} />}
              onClick={() => void moveTo(folder.id, folder.name)}
            >
              <Text size="sm" truncate>
                {folder.name}
              </Text>
            </Menu.Item>
          ))}
          {folders.data?.length ? <Menu.Divider /> : null}
          <Menu.Item leftSection={<IconFolderPlus size={14} />} onClick={() => setNaming(true)}>
            {t('library.detail.newFolder')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Button
        variant="subtle"
        color="red"
        radius="xl"
        leftSection={<IconTrash size={16} />}
        loading={deleteOutput.isPending}
        onClick={confirmDelete}
      >
        {t('library.detail.delete')}
      </Button>
      <FolderNameModal
        opened={naming}
        mode="create"
        onClose={() => setNaming(false)}
        onSubmit={async (name) => {
          const folder = await createFolder.mutateAsync(name);
          await moveTo(folder.id, folder.name);
        }}
      />
    </Stack>
  );
}
