import {
  Button,
  ColorInput,
  ColorSwatch,
  FileButton,
  Group,
  Popover,
  SegmentedControl,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBackground, IconCheck, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACCEPTED_IMAGE_TYPES,
  ImageCheckError,
  precheckImage,
  taskImageRules,
  uploadImage,
} from '../../generate/upload-image';

type Kind = 'transparent' | 'colour' | 'blur' | 'image';

/** A few grounds product shots and portraits are usually put on. */
const swatches = [
  { name: 'white', colour: '#ffffff' },
  { name: 'black', colour: '#000000' },
  { name: 'green', colour: '#00ff00' },
  { name: 'blue', colour: '#2f6fed' },
  { name: 'grey', colour: '#8a8f98' },
] as const;

interface CutoutActionProps {
  loading: boolean;
  disabled: boolean;
  /** `background` as the gateway takes it: transparent, `#rrggbb`, blur or a picture's key. */
  onRun: (background: string) => void;
}

/** "Remove background" with what the cut-out stands on: nothing, a colour, a blur, a picture. */
export function CutoutAction({ loading, disabled, onRun }: CutoutActionProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [kind, setKind] = useState<Kind>('transparent');
  const [colour, setColour] = useState('#ffffff');
  const [picture, setPicture] = useState<{ key: string; name: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      const size = await precheckImage(file, taskImageRules);
      const uploaded = await uploadImage(file, size);
      setPicture({ key: uploaded.key, name: file.name });
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

  // A colour half typed into the picker is not sent.
  const background =
    kind === 'colour'
      ? /^#[0-9a-f]{6}$/i.test(colour)
        ? colour.toLowerCase()
        : null
      : kind === 'image'
        ? (picture?.key ?? null)
        : kind;

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom" width={300} withinPortal>
      <Popover.Target>
        <Button
          variant="light"
          radius="xl"
          leftSection={<IconBackground size={16} />}
          loading={loading}
          disabled={disabled}
          onClick={() => setOpened((o) => !o)}
        >
          {t('library.detail.removeBackground')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {t('library.cutout.background')}
          </Text>
          <SegmentedControl
            size="xs"
            fullWidth
            value={kind}
            onChange={(value) => setKind(value as Kind)}
            data={(['transparent', 'colour', 'blur', 'image'] as const).map((value) => ({
              value,
              label: t(`library.cutout.kinds.${value}`),
            }))}
          />
          {kind === 'colour' ? (
            <Stack gap={8}>
              <Group gap={8}>
                {swatches.map((swatch) => (
                  <UnstyledButton
                    key={swatch.name}
                    onClick={() => setColour(swatch.colour)}
                    aria-label={t(`library.cutout.colours.${swatch.name}`)}
                    aria-pressed={colour === swatch.colour}
                  >
                    <ColorSwatch color={swatch.colour} size={26}>
                      {colour === swatch.colour ? (
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
                value={colour}
                onChange={setColour}
              />
            </Stack>
          ) : null}
          {kind === 'blur' ? (
            <Text size="xs" c="dimmed">
              {t('library.cutout.blurHint')}
            </Text>
          ) : null}
          {kind === 'image' ? (
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
                    {picture
                      ? t('library.cutout.replacePicture')
                      : t('library.cutout.uploadPicture')}
                  </Button>
                )}
              </FileButton>
              {picture ? (
                <Text size="xs" c="dimmed" truncate>
                  {picture.name}
                </Text>
              ) : null}
              {uploadError ? (
                <Text size="xs" c="red">
                  {uploadError}
                </Text>
              ) : null}
            </Stack>
          ) : null}
          <Button
            radius="xl"
            disabled={background === null || uploading}
            onClick={() => {
              if (background === null) return;
              setOpened(false);
              onRun(background);
            }}
          >
            {t('library.cutout.run')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
