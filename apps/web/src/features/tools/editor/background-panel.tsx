import {
  Button,
  ColorInput,
  ColorSwatch,
  FileButton,
  Group,
  SegmentedControl,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACCEPTED_IMAGE_TYPES,
  ImageCheckError,
  precheckImage,
  taskImageRules,
  uploadImage,
} from '../../generate/upload-image';
import type { BackgroundKind, ToolSettings } from './tool-settings';

/** A few grounds product shots and portraits are usually put on. */
const swatches = [
  { name: 'white', colour: '#ffffff' },
  { name: 'black', colour: '#000000' },
  { name: 'green', colour: '#00ff00' },
  { name: 'blue', colour: '#2f6fed' },
  { name: 'grey', colour: '#8a8f98' },
] as const;

const kinds: BackgroundKind[] = ['transparent', 'colour', 'blur', 'image'];

export type CutoutBackgroundChoice = ToolSettings['background'];

interface BackgroundPanelProps {
  value: CutoutBackgroundChoice;
  onChange: (next: CutoutBackgroundChoice) => void;
}

/**
 * What the cut-out stands on: nothing, a colour, a blurred copy, or a picture of the user's.
 * The editor's panel and the library's "Remove background" both choose with it.
 */
export function BackgroundPanel({ value: background, onChange }: BackgroundPanelProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<CutoutBackgroundChoice>) => onChange({ ...background, ...patch });
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      const size = await precheckImage(file, taskImageRules);
      const uploaded = await uploadImage(file, size);
      set({ picture: { key: uploaded.key, name: file.name } });
    } catch (error) {
      setUploadError(
        error instanceof ImageCheckError
          ? t(`generate.upload.${error.problem.key}`, error.problem.values)
          : t('generate.upload.failed'),
      );
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm" fw={600} id="cutout-background">
        {t('library.cutout.background')}
      </Text>
      <SegmentedControl
        size="xs"
        fullWidth
        aria-labelledby="cutout-background"
        value={background.kind}
        onChange={(value) => set({ kind: value as BackgroundKind })}
        data={kinds.map((value) => ({ value, label: t(`library.cutout.kinds.${value}`) }))}
      />
      {background.kind === 'colour' ? (
        <Stack gap={8}>
          <Group gap={8}>
            {swatches.map((swatch) => (
              <UnstyledButton
                key={swatch.name}
                onClick={() => set({ colour: swatch.colour })}
                aria-label={t(`library.cutout.colours.${swatch.name}`)}
                aria-pressed={background.colour === swatch.colour}
              >
                <ColorSwatch color={swatch.colour} size={26}>
                  {background.colour === swatch.colour ? (
                    <IconCheck size={14} color={swatch.name === 'white' ? '#000' : '#fff'} />
                  ) : null}
                </ColorSwatch>
              </UnstyledButton>
            ))}
          </Group>
          <ColorInput
            size="xs"
            format="hex"
            label={t('library.cutout.pickColour')}
            value={background.colour}
            onChange={(colour) => set({ colour })}
          />
        </Stack>
      ) : null}
      {background.kind === 'blur' ? (
        <Text size="xs" c="dimmed">
          {t('library.cutout.blurHint')}
        </Text>
      ) : null}
      {background.kind === 'image' ? (
        <Stack gap={6}>
          <FileButton onChange={(file) => void upload(file)} accept={ACCEPTED_IMAGE_TYPES}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="default"
                loading={uploading}
                leftSection={<IconUpload size={14} />}
              >
                {background.picture
                  ? t('library.cutout.replacePicture')
                  : t('library.cutout.uploadPicture')}
              </Button>
            )}
          </FileButton>
          {background.picture ? (
            <Text size="xs" c="dimmed" truncate>
              {background.picture.name}
            </Text>
          ) : null}
          {uploadError ? (
            <Text size="xs" c="red" role="alert">
              {uploadError}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
