import { Alert, Loader, Modal, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchTaskPage } from '../../../shared/api/task-pages';

/** The newest of the user's videos offered; older ones are reached from the library. */
const PICKER_TASKS = 24;

/** One of the user's own clips, by its stored key. */
export interface LibraryClip {
  key: string;
  url: string;
  thumbUrl: string | null;
  width: number;
  height: number;
  durationS: number | null;
}

interface VideoLibraryPickerProps {
  /** Task types whose videos this tool may not take (spec §4: no 4K or lip sync of an extension). */
  notFrom?: readonly string[];
  opened: boolean;
  onClose: () => void;
  onPick: (clip: LibraryClip) => void;
}

/** The user's finished videos, newest first, to use one as a tool's input. */
export function VideoLibraryPicker({
  notFrom = [],
  opened,
  onClose,
  onPick,
}: VideoLibraryPickerProps) {
  const { t } = useTranslation();
  const tasks = useQuery({
    queryKey: ['generate', 'video-picker'],
    queryFn: () => fetchTaskPage('video', 1, PICKER_TASKS),
    enabled: opened,
    staleTime: 10_000,
  });
  const clips: LibraryClip[] = (tasks.data?.data ?? [])
    .filter((task) => task.status === 'done' && !notFrom.includes(task.task_type))
    .flatMap((task) =>
      task.sub_task_results.flatMap((output) =>
        output.video && output.url && output.width && output.height
          ? [
              {
                key: output.video,
                url: output.url,
                thumbUrl: output.thumb_url,
                width: output.width,
                height: output.height,
                durationS: null,
              },
            ]
          : [],
      ),
    );

  return (
    <Modal opened={opened} onClose={onClose} title={t('videoStudio.clip.libraryTitle')} size="lg">
      {tasks.isPending ? (
        <Loader size="sm" />
      ) : tasks.isError ? (
        <Alert color="red" variant="light">
          {t('videoStudio.clip.libraryError')}
        </Alert>
      ) : clips.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('videoStudio.clip.libraryEmpty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing={8}>
          {clips.map((clip, index) => (
            <UnstyledButton
              key={clip.key}
              aria-label={t('videoStudio.clip.libraryItem', { number: index + 1 })}
              style={{ borderRadius: 8, overflow: 'hidden', aspectRatio: '16 / 9' }}
              onClick={() => {
                onPick(clip);
                onClose();
              }}
            >
              {clip.thumbUrl ? (
                <img
                  src={clip.thumbUrl}
                  alt=""
                  style={{ width: '100%', height: '100%', objectFit: 'cover' }}
                />
              ) : (
                <video
                  src={clip.url}
                  muted
                  preload="metadata"
                  style={{ width: '100%', height: '100%', objectFit: 'cover' }}
                />
              )}
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
    </Modal>
  );
}
