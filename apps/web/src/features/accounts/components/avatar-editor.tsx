import { Avatar, Button, FileButton, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast';
import { useAvatar } from '../api/avatar';
import { readAsDataUrl } from '../read-image';
import classes from './avatar-editor.module.css';

/** What the avatar API takes (spec §5 image rules: png or jpg, and webp, up to 5 MB). */
const AVATAR_TYPES = 'image/png,image/jpeg,image/webp';
const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** The crop frame on screen and the square sent (the server keeps 256 px of it). */
const FRAME = 260;
const OUTPUT = 512;

type Crop = { zoom: number; x: number; y: number };

/** The picture's drawn size at `zoom` (1: it just covers the square) and its allowed offsets. */
function layout(image: HTMLImageElement, zoom: number) {
  const cover = Math.max(FRAME / image.naturalWidth, FRAME / image.naturalHeight) * zoom;
  const width = image.naturalWidth * cover;
  const height = image.naturalHeight * cover;
  return { width, height, maxX: (width - FRAME) / 2, maxY: (height - FRAME) / 2 };
}

const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));

/** Draws the square the frame shows, at `size` pixels. */
function drawCrop(canvas: HTMLCanvasElement, image: HTMLImageElement, crop: Crop, size: number) {
  const { width, height } = layout(image, crop.zoom);
  const scale = size / FRAME;
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.imageSmoothingQuality = 'high';
  context.drawImage(
    image,
    (FRAME / 2 - width / 2 + crop.x) * scale,
    (FRAME / 2 - height / 2 + crop.y) * scale,
    width * scale,
    height * scale,
  );
}

function CropDialog({
  source,
  onClose,
  onSave,
  saving,
}: {
  source: string;
  onClose: () => void;
  onSave: (dataUrl: string) => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [crop, setCrop] = useState<Crop>({ zoom: 1, x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; from: Crop } | null>(null);
  const preview = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const element = new Image();
    element.onload = () => setImage(element);
    element.src = source;
  }, [source]);
  useEffect(() => {
    if (image && preview.current) drawCrop(preview.current, image, crop, 96);
  }, [image, crop]);

  const move = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current || !image) return;
    const { maxX, maxY } = layout(image, drag.current.from.zoom);
    setCrop({
      zoom: drag.current.from.zoom,
      x: clamp(drag.current.from.x + event.clientX - drag.current.x, maxX),
      y: clamp(drag.current.from.y + event.clientY - drag.current.y, maxY),
    });
  };
  const drawn = image ? layout(image, crop.zoom) : null;

  return (
    <Modal opened onClose={onClose} title={t('profile.avatar.cropTitle')} centered size="auto">
      <Stack gap="md" align="center">
        <div
          className={classes.frame}
          style={{ width: FRAME, height: FRAME }}
          data-testid="avatar-crop"
          onPointerDown={(event) => {
            event.currentTarget.setPointerCapture(event.pointerId);
            drag.current = { x: event.clientX, y: event.clientY, from: crop };
          }}
          onPointerMove={move}
          onPointerUp={() => {
            drag.current = null;
          }}
        >
          {image && drawn ? (
            <img
              src={source}
              alt=""
              draggable={false}
              className={classes.picture}
              style={{
                width: drawn.width,
                height: drawn.height,
                left: FRAME / 2 - drawn.width / 2 + crop.x,
                top: FRAME / 2 - drawn.height / 2 + crop.y,
              }}
            />
          ) : null}
          <div className={classes.ring} aria-hidden="true" />
        </div>
        <Text size="xs" c="dimmed">
          {t('profile.avatar.cropHint')}
        </Text>
        <Slider
          w={FRAME}
          min={1}
          max={3}
          step={0.01}
          value={crop.zoom}
          label={null}
          thumbLabel={t('profile.avatar.zoom')}
          onChange={(zoom) => {
            if (!image) return;
            const { maxX, maxY } = layout(image, zoom);
            setCrop((c) => ({ zoom, x: clamp(c.x, maxX), y: clamp(c.y, maxY) }));
          }}
        />
        <Group gap="sm" align="center">
          <canvas
            ref={preview}
            className={classes.preview}
            aria-label={t('profile.avatar.preview')}
            role="img"
          />
          <Text size="sm" c="dimmed">
            {t('profile.avatar.preview')}
          </Text>
        </Group>
        <Group justify="flex-end" w="100%">
          <Button variant="default" onClick={onClose}>
            {t('profile.avatar.cancel')}
          </Button>
          <Button
            loading={saving}
            disabled={!image}
            onClick={() => {
              if (!image) return;
              const canvas = document.createElement('canvas');
              drawCrop(canvas, image, crop, OUTPUT);
              onSave(canvas.toDataURL('image/png'));
            }}
          >
            {t('profile.avatar.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The profile's picture: upload one, crop it to a square with a preview, or remove it. */
export function AvatarEditor({ avatar, name }: { avatar: string; name: string }) {
  const { t } = useTranslation();
  const { save, remove } = useAvatar();
  const [source, setSource] = useState<string | null>(null);
  const reset = useRef<() => void>(null);

  const pick = async (file: File | null) => {
    reset.current?.();
    if (!file) return;
    if (!AVATAR_TYPES.split(',').includes(file.type)) {
      toast({ type: 'error', message: t('profile.avatar.badFormat') });
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      toast({ type: 'error', message: t('profile.avatar.tooLarge') });
      return;
    }
    setSource(await readAsDataUrl(file));
  };

  return (
    <Stack gap={6} align="center">
      <Avatar src={avatar || null} alt={name} size={72} radius="xl" color="violet">
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Group gap={4} wrap="nowrap">
        <FileButton onChange={(file) => void pick(file)} accept={AVATAR_TYPES} resetRef={reset}>
          {(props) => (
            <Button
              {...props}
              size="compact-xs"
              variant="subtle"
              leftSection={<IconUpload size={12} />}
            >
              {t('profile.avatar.change')}
            </Button>
          )}
        </FileButton>
        {avatar ? (
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            loading={remove.isPending}
            leftSection={<IconTrash size={12} />}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => toast({ type: 'success', message: t('profile.avatar.removed') }),
              })
            }
          >
            {t('profile.avatar.remove')}
          </Button>
        ) : null}
      </Group>
      {source ? (
        <CropDialog
          source={source}
          saving={save.isPending}
          onClose={() => setSource(null)}
          onSave={(image) =>
            save.mutate(image, {
              onSuccess: () => {
                setSource(null);
                toast({ type: 'success', message: t('profile.avatar.saved') });
              },
            })
          }
        />
      ) : null}
    </Stack>
  );
}
