import { Alert, Loader, Modal, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchTaskPage } from '../../../shared/api/task-pages';
import { pictureOfOutput } from '../api/get-own-picture';
import type { EditorPicture } from './editor-steps';
import classes from './editor.module.css';

/** The newest of the user's pictures offered to open; older ones open from the library. */
const PICKER_TASKS = 48;

interface LibraryPickerProps {
  opened: boolean;
  onClose: () => void;
  onPick: (picture: EditorPicture) => void;
}

/** The user's own finished pictures, newest first, to open one in the editor. */
export function LibraryPicker({ opened, onClose, onPick }: LibraryPickerProps) {
  const { t } = useTranslation();
  const tasks = useQuery({
    queryKey: ['tools', 'library-picker'],
    queryFn: () => fetchTaskPage('image', 1, PICKER_TASKS),
    enabled: opened,
    staleTime: 10_000,
  });
  const pictures = (tasks.data?.data ?? [])
    .filter((task) => task.status === 'done')
    .flatMap((task) => task.sub_task_results.map(pictureOfOutput))
    .filter((picture): picture is EditorPicture => picture !== null);

  return (
    <Modal opened={opened} onClose={onClose} title={t('tools.editor.open.libraryTitle')} size="lg">
      {tasks.isPending ? (
        <Loader size="sm" />
      ) : tasks.isError ? (
        <Alert color="red" variant="light">
          {t('tools.editor.open.libraryError')}
        </Alert>
      ) : pictures.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('tools.editor.open.libraryEmpty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 3, sm: 4 }} spacing={8}>
          {pictures.map((picture, index) => (
            <UnstyledButton
              key={picture.key}
              className={classes.step}
              style={{ width: '100%', height: 'auto', aspectRatio: '1' }}
              aria-label={t('tools.editor.open.libraryItem', { number: index + 1 })}
              onClick={() => {
                onPick(picture);
                onClose();
              }}
            >
              <img src={picture.thumbUrl ?? picture.url} alt="" />
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
    </Modal>
  );
}
