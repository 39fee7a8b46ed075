import type { Circle } from '@lumen/contracts/community';
import { Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CircleInput } from '../api/manage';
import { FormFooter } from './form-footer';

export const CIRCLE_NAME_MAX = 40;
export const CIRCLE_DESCRIPTION_MAX = 500;

/** Name, description and cover of a circle; an empty cover keeps the current one on edit. */
export function CircleForm({
  circle,
  loading,
  error,
  onSubmit,
  onCancel,
}: {
  circle: Circle | null;
  loading: boolean;
  error: unknown;
  onSubmit: (input: Partial<CircleInput>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(circle?.name ?? '');
  const [description, setDescription] = useState(circle?.description ?? '');
  const [cover, setCover] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() === '') return setNameError(t('admin.circles.nameRequired'));
        onSubmit({
          name: name.trim(),
          description: description.trim(),
          ...(cover.trim() ? { cover: cover.trim() } : {}),
        });
      }}
    >
      <Stack gap="md">
        <TextInput
          label={t('admin.circles.name')}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setNameError(null);
          }}
          error={nameError}
          maxLength={CIRCLE_NAME_MAX}
          withAsterisk
          data-autofocus
        />
        <Textarea
          label={t('admin.circles.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          maxLength={CIRCLE_DESCRIPTION_MAX}
          autosize
          minRows={2}
          maxRows={6}
        />
        <TextInput
          label={t('admin.circles.cover')}
          description={t(circle ? 'admin.coverKeep' : 'admin.coverHint')}
          value={cover}
          onChange={(e) => setCover(e.currentTarget.value)}
          maxLength={500}
        />
        <FormFooter
          error={error}
          loading={loading}
          submitLabel={t(circle ? 'admin.save' : 'admin.circles.create')}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
