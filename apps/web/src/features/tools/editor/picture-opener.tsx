import { Alert, Button, Group, Loader, Text, ThemeIcon } from '@mantine/core';
import { IconLibraryPhoto, IconPhotoPlus, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPTED_IMAGE_TYPES } from '../../generate/upload-image';
import classes from './editor.module.css';

interface PictureOpenerProps {
  busy: boolean;
  error: string | null;
  onFile: (file: File) => void;
  onLibrary: () => void;
}

/** The empty editor: drop a picture, paste one, choose a file, or pick from the library. */
export function PictureOpener({ busy, error, onFile, onLibrary }: PictureOpenerProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  // A picture pasted anywhere on the page opens, unless it is pasted into a text field.
  useEffect(() => {
    const paste = (event: ClipboardEvent) => {
      const target = event.target;
      if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return;
      const file = [...(event.clipboardData?.files ?? [])].find((f) => f.type.startsWith('image/'));
      if (!file) return;
      event.preventDefault();
      onFile(file);
    };
    document.addEventListener('paste', paste);
    return () => document.removeEventListener('paste', paste);
  }, [onFile]);

  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <div
      className={classes.dropzone}
      data-dragging={dragging || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      aria-label={t('tools.editor.open.drop')}
      role="region"
    >
      <ThemeIcon size={56} radius="xl" variant="light">
        {busy ? <Loader size="sm" /> : <IconPhotoPlus size={28} />}
      </ThemeIcon>
      <Text fw={600}>{busy ? t('generate.upload.uploading') : t('tools.editor.open.title')}</Text>
      <Text size="sm" c="dimmed" maw={420}>
        {t('tools.editor.open.body')}
      </Text>
      <input
        ref={input}
        type="file"
        hidden
        accept={ACCEPTED_IMAGE_TYPES}
        aria-label={t('tools.editor.open.choose')}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
      <Group gap="sm" justify="center">
        <Button
          leftSection={<IconUpload size={16} />}
          onClick={() => input.current?.click()}
          disabled={busy}
        >
          {t('tools.editor.open.choose')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconLibraryPhoto size={16} />}
          onClick={onLibrary}
          disabled={busy}
        >
          {t('tools.editor.open.library')}
        </Button>
      </Group>
      {error ? (
        <Alert color="red" variant="light" role="alert" maw={420}>
          {error}
        </Alert>
      ) : null}
    </div>
  );
}
