import { ActionIcon, Group, Loader, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import classes from './controls.module.css';

interface DropZoneProps {
  /** The field's name, shown above it and read out for its file input. */
  label: string;
  /** The file input's `accept` list. */
  accept: string;
  icon: ReactNode;
  /** The zone's call to action and the rules under it. */
  choose: string;
  hint: string;
  /** What is chosen, shown in the zone's place; the file input stays for a new choice. */
  preview?: ReactNode;
  /** While a file uploads without a preview, the zone says so and takes no other file. */
  busy?: boolean;
  /** Why the last file was refused, read out with the zone. */
  error: string | null;
  onFile: (file: File) => void;
  /** Further ways to choose (e.g. from the library), shown under the zone. */
  children?: ReactNode;
  rootRef?: Ref<HTMLDivElement>;
}

/**
 * A file field's frame shared by the image and clip inputs: its label, the hidden file input,
 * the dashed zone that opens the picker or takes a dropped file, and the refusal in words.
 * Visitors are asked to sign in first, since uploads belong to an account.
 */
export function DropZone({
  label,
  accept,
  icon,
  choose,
  hint,
  preview,
  busy = false,
  error,
  onFile,
  children,
  rootRef,
}: DropZoneProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const signedIn = useSession((s) => s.user !== null);
  const [dragging, setDragging] = useState(false);
  const errorId = `${inputId}-error`;
  const describedBy = error !== null ? errorId : undefined;

  function openPicker() {
    if (!signedIn) useSession.getState().openLogin();
    else fileInput.current?.click();
  }

  return (
    <div ref={rootRef}>
      <Text size="sm" fw={600} mb={6}>
        {label}
      </Text>
      <input
        ref={fileInput}
        id={inputId}
        type="file"
        aria-label={label}
        accept={accept}
        className={classes.visuallyHidden}
        aria-describedby={describedBy}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
      {preview ?? (
        <button
          type="button"
          className={classes.dropzone}
          data-dragging={dragging || undefined}
          data-error={error !== null || undefined}
          onClick={openPicker}
          disabled={busy}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            const file = event.dataTransfer.files[0];
            if (file) onFile(file);
          }}
          aria-describedby={describedBy}
        >
          {busy ? (
            <Group gap={6} role="status">
              <Loader size="sm" />
              <Text size="sm">{t('generate.upload.uploading')}</Text>
            </Group>
          ) : (
            <>
              {icon}
              <Text size="sm" fw={500}>
                {choose}
              </Text>
              <Text size="xs" c="dimmed">
                {hint}
              </Text>
            </>
          )}
        </button>
      )}
      {children}
      {error !== null ? (
        <Text id={errorId} size="xs" c="red" role="alert" mt={6}>
          {error}
        </Text>
      ) : null}
    </div>
  );
}

/** The round button over a chosen file's preview that takes it out of the field. */
export function RemoveChosen({ label, onRemove }: { label: string; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      className={classes.previewRemove}
      variant="filled"
      color="dark"
      radius="xl"
      size="md"
      onClick={onRemove}
      aria-label={t('generate.upload.remove', { label })}
    >
      <IconX size={14} />
    </ActionIcon>
  );
}
