import { ActionIcon, Group, Image, Loader, Text } from '@mantine/core';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import { usePasteTarget } from '../paste-targets';
import {
  ACCEPTED_IMAGE_TYPES,
  ImageCheckError,
  precheckImage,
  uploadImage,
  type ImageProblem,
  type ImageRules,
  type ImageSize,
  type UploadedImage,
} from '../upload-image';
import classes from './controls.module.css';

export interface PickedImage extends UploadedImage {
  previewUrl: string;
}

interface ImageInputProps {
  label: string;
  hint?: string;
  rules: ImageRules;
  value: PickedImage | null;
  onChange: (value: PickedImage | null) => void;
  /** A further check against the other inputs, e.g. the keyframe shape rule. */
  validate?: (size: ImageSize) => ImageProblem | null;
  /** Told when an upload starts and when it ends (see usePendingUploads). */
  onBusyChange?: (busy: boolean) => void;
}

type Phase =
  { state: 'idle' } | { state: 'busy'; previewUrl: string } | { state: 'error'; message: string };

/**
 * One input image: checks it here with the spec §5 messages, then uploads it through the
 * presigned PUT. Visitors are asked to sign in first, since uploads belong to an account.
 */
export function ImageInput({
  label,
  hint,
  rules,
  value,
  onChange,
  validate,
  onBusyChange,
}: ImageInputProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const signedIn = useSession((s) => s.user !== null);
  const [phase, setPhase] = useState<Phase>({ state: 'idle' });
  const [dragging, setDragging] = useState(false);
  // Previews no longer shown are freed once the screen has moved on: freed at once, the
  // picture still on screen would fail to load.
  const retired = useRef<string[]>([]);
  const retire = (url: string) => retired.current.push(url);
  useEffect(() => {
    for (const url of retired.current.splice(0)) URL.revokeObjectURL(url);
  });

  // An upload that ends, or an input that goes away mid-upload, is no longer pending.
  const busy = phase.state === 'busy';
  useEffect(() => {
    if (!busy) return;
    onBusyChange?.(true);
    return () => onBusyChange?.(false);
  }, [busy, onBusyChange]);

  const describe = (problem: ImageProblem, serverMessage?: string) =>
    problem.key === 'failed' && serverMessage && serverMessage !== 'failed'
      ? serverMessage
      : t(`generate.upload.${problem.key}`, problem.values);

  async function handleFile(file: File) {
    if (!signedIn) {
      useSession.getState().openLogin();
      return;
    }
    const previewUrl = URL.createObjectURL(file);
    setPhase({ state: 'busy', previewUrl });
    try {
      const size = await precheckImage(file, rules);
      const extra = validate?.(size);
      if (extra) throw new ImageCheckError(extra);
      const uploaded = await uploadImage(file, size);
      if (value) retire(value.previewUrl);
      onChange({ ...uploaded, previewUrl });
      setPhase({ state: 'idle' });
    } catch (error) {
      retire(previewUrl);
      const problem: ImageProblem =
        error instanceof ImageCheckError ? error.problem : { key: 'failed' };
      setPhase({
        state: 'error',
        message: describe(problem, error instanceof Error ? error.message : undefined),
      });
    }
  }

  usePasteTarget({
    element: root,
    isFree: () => value === null && phase.state !== 'busy',
    take: (file) => void handleFile(file),
  });

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void handleFile(file);
  }

  function openPicker() {
    if (!signedIn) useSession.getState().openLogin();
    else fileInput.current?.click();
  }

  function remove() {
    if (value) retire(value.previewUrl);
    onChange(null);
    setPhase({ state: 'idle' });
  }

  const preview = phase.state === 'busy' ? phase.previewUrl : value?.previewUrl;
  const errorId = `${inputId}-error`;

  return (
    <div ref={root}>
      <Text size="sm" fw={600} mb={6}>
        {label}
      </Text>
      <input
        ref={fileInput}
        id={inputId}
        type="file"
        aria-label={label}
        accept={ACCEPTED_IMAGE_TYPES}
        className={classes.visuallyHidden}
        aria-describedby={phase.state === 'error' ? errorId : undefined}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void handleFile(file);
        }}
      />
      {preview ? (
        <div className={classes.imagePreview}>
          <Image src={preview} alt={label} radius="md" fit="contain" h={168} />
          {phase.state === 'busy' ? (
            <div className={classes.previewOverlay} role="status">
              <Loader size="sm" color="white" />
              <Text size="xs" c="white">
                {t('generate.upload.uploading')}
              </Text>
            </div>
          ) : (
            <ActionIcon
              className={classes.previewRemove}
              variant="filled"
              color="dark"
              radius="xl"
              size="md"
              onClick={remove}
              aria-label={t('generate.upload.remove', { label })}
            >
              <IconX size={14} />
            </ActionIcon>
          )}
        </div>
      ) : (
        <button
          type="button"
          className={classes.dropzone}
          data-dragging={dragging || undefined}
          data-error={phase.state === 'error' || undefined}
          onClick={openPicker}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          aria-describedby={phase.state === 'error' ? errorId : undefined}
        >
          <IconPhotoPlus size={26} stroke={1.5} aria-hidden="true" />
          <Text size="sm" fw={500}>
            {t('generate.upload.choose')}
          </Text>
          <Text size="xs" c="dimmed">
            {hint ?? t('generate.upload.hint')}
          </Text>
        </button>
      )}
      {phase.state === 'error' ? (
        <Group gap={4} mt={6}>
          <Text id={errorId} size="xs" c="red" role="alert">
            {phase.message}
          </Text>
        </Group>
      ) : null}
    </div>
  );
}
