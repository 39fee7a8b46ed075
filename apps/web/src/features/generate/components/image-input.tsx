import { Image, Loader, Text } from '@mantine/core';
import { IconPhotoPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
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
import { DropZone, RemoveChosen } from './drop-zone';

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
  const root = useRef<HTMLDivElement>(null);
  const signedIn = useSession((s) => s.user !== null);
  const [phase, setPhase] = useState<Phase>({ state: 'idle' });
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

  function remove() {
    if (value) retire(value.previewUrl);
    onChange(null);
    setPhase({ state: 'idle' });
  }

  const preview = phase.state === 'busy' ? phase.previewUrl : value?.previewUrl;

  return (
    <DropZone
      rootRef={root}
      label={label}
      accept={ACCEPTED_IMAGE_TYPES}
      icon={<IconPhotoPlus size={26} stroke={1.5} aria-hidden="true" />}
      choose={t('generate.upload.choose')}
      hint={hint ?? t('generate.upload.hint')}
      error={phase.state === 'error' ? phase.message : null}
      onFile={(file) => void handleFile(file)}
      preview={
        preview ? (
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
              <RemoveChosen label={label} onRemove={remove} />
            )}
          </div>
        ) : undefined
      }
    />
  );
}
