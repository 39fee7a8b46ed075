import { CHARACTER_MAX_IMAGES, CHARACTER_MIN_SIDE_PX } from '@lumen/contracts/characters';
import {
  ActionIcon,
  Badge,
  Box,
  FileButton,
  Button,
  Group,
  Image,
  Loader,
  Text,
} from '@mantine/core';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ACCEPTED_IMAGE_TYPES } from '../../generate/upload-image';
import classes from './characters.module.css';

/** One picked reference picture: uploading, uploaded (its key), or refused with a reason. */
export interface PickedPicture {
  id: string;
  preview: string;
  state: 'checking' | 'ready' | 'refused';
  key?: string;
  reason?: string;
}

/** The reference pictures of a new character, each with its own check shown on it. */
export function ReferencePicker({
  pictures,
  onAdd,
  onRemove,
}: {
  pictures: PickedPicture[];
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box>
      <div className={classes.pictures}>
        {pictures.map((picture, index) => (
          <figure
            key={picture.id}
            className={classes.picture}
            data-state={picture.state}
            data-testid="reference-picture"
          >
            <Image src={picture.preview} alt="" h={96} w="100%" fit="cover" radius="sm" />
            <ActionIcon
              className={classes.remove}
              size="sm"
              variant="filled"
              color="dark"
              aria-label={t('characters.create.remove', { index: index + 1 })}
              onClick={() => onRemove(picture.id)}
            >
              <IconX size={14} />
            </ActionIcon>
            <figcaption>
              {picture.state === 'checking' ? (
                <Group gap={4}>
                  <Loader size={12} />
                  <Text size="xs">{t('characters.create.checking')}</Text>
                </Group>
              ) : picture.state === 'ready' ? (
                <Badge size="xs" color="teal" variant="light">
                  {t('characters.create.ready')}
                </Badge>
              ) : (
                <Text size="xs" c="red" role="alert">
                  {picture.reason}
                </Text>
              )}
            </figcaption>
          </figure>
        ))}
      </div>
      <Group mt="xs" gap="xs">
        <FileButton onChange={onAdd} accept={ACCEPTED_IMAGE_TYPES} multiple>
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconPhotoPlus size={16} />}
              disabled={pictures.length >= CHARACTER_MAX_IMAGES}
            >
              {t('characters.create.add')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t('characters.create.picturesHint', { min: 5, px: CHARACTER_MIN_SIDE_PX })}
        </Text>
      </Group>
    </Box>
  );
}
