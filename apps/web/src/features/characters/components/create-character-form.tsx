import {
  CHARACTER_MIN_IMAGES,
  CHARACTER_MIN_SIDE_PX,
  CHARACTER_NAME_MAX,
} from '@lumen/contracts/characters';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/toast';
import {
  ImageCheckError,
  precheckImage,
  taskImageRules,
  uploadImage,
} from '../../generate/upload-image';
import { createCharacter } from '../api/create-character';
import { characterKeys } from '../api/list-characters';
import { ReferencePicker, type PickedPicture } from './reference-picker';

const rules = { ...taskImageRules, minSide: CHARACTER_MIN_SIDE_PX };

let nextId = 0;

/** A new character: its name and at least five reference pictures, each checked as it comes. */
export function CreateCharacterForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [pictures, setPictures] = useState<PickedPicture[]>([]);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const update = (id: string, change: Partial<PickedPicture>) =>
    setPictures((list) => list.map((p) => (p.id === id ? { ...p, ...change } : p)));

  const reasonOf = (error: unknown) =>
    error instanceof ImageCheckError
      ? error.message !== error.problem.key
        ? error.message
        : t(`generate.upload.${error.problem.key}`, error.problem.values)
      : t('generate.upload.failed');

  const add = (files: File[]) => {
    for (const file of files) {
      const id = `picture-${nextId++}`;
      setPictures((list) => [
        ...list,
        { id, preview: URL.createObjectURL(file), state: 'checking' },
      ]);
      void (async () => {
        try {
          const size = await precheckImage(file, rules);
          const uploaded = await uploadImage(file, size);
          update(id, { state: 'ready', key: uploaded.key });
        } catch (error) {
          update(id, { state: 'refused', reason: reasonOf(error) });
        }
      })();
    }
  };

  const ready = pictures.filter((p) => p.state === 'ready');
  const canSubmit =
    name.trim().length > 0 &&
    ready.length >= CHARACTER_MIN_IMAGES &&
    !pictures.some((p) => p.state === 'checking') &&
    !busy;

  const submit = async () => {
    setBusy(true);
    setMessage(null);
    const sent = ready;
    try {
      await createCharacter(
        name.trim(),
        sent.map((p) => p.key!),
      );
      toast({ type: 'success', message: t('characters.create.created') });
      setName('');
      setPictures([]);
      await queryClient.invalidateQueries({ queryKey: characterKeys.all });
    } catch (error) {
      if (!isApiError(error)) throw error;
      setMessage(error.msg);
      // The server names each picture it refused by its place in what was sent.
      for (const field of error.fields ?? []) {
        const index = /^images\[(\d+)\]$/.exec(field.field)?.[1];
        const picture = index === undefined ? undefined : sent[Number(index)];
        if (picture) update(picture.id, { state: 'refused', reason: field.message });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={3}>{t('characters.create.title')}</Title>
        <TextInput
          label={t('characters.create.name')}
          placeholder={t('characters.create.namePlaceholder')}
          value={name}
          maxLength={CHARACTER_NAME_MAX}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Stack gap={4}>
          <Text fw={500} size="sm">
            {t('characters.create.pictures')}
          </Text>
          <ReferencePicker
            pictures={pictures}
            onAdd={add}
            onRemove={(id) => setPictures((list) => list.filter((p) => p.id !== id))}
          />
        </Stack>
        {message ? (
          <Text c="red" size="sm" role="alert">
            {message}
          </Text>
        ) : null}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('characters.create.count', { ready: ready.length, min: CHARACTER_MIN_IMAGES })}
          </Text>
          <Button onClick={() => void submit()} disabled={!canSubmit} loading={busy}>
            {t('characters.create.submit')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
