import { FOLDER_NAME_MAX } from '@lumen/contracts/assets';
import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';

interface FolderNameModalProps {
  opened: boolean;
  mode: 'create' | 'rename';
  initialName?: string;
  onClose: () => void;
  /** Rejects with the server's ApiError when the name is refused. */
  onSubmit: (name: string) => Promise<unknown>;
}

/** Create or rename: a blank name is refused here, a taken one by the server (spec §5, §8). */
export function FolderNameModal({
  opened,
  mode,
  initialName = '',
  onClose,
  onSubmit,
}: FolderNameModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(`library.folders.${mode}Title`)}
      radius="lg"
      centered
    >
      {/* Remounted per opening so the field starts from the folder's current name. */}
      {opened ? (
        <FolderNameForm
          mode={mode}
          initialName={initialName}
          onClose={onClose}
          onSubmit={onSubmit}
        />
      ) : null}
    </Modal>
  );
}

function FolderNameForm({
  mode,
  initialName,
  onClose,
  onSubmit,
}: Omit<FolderNameModalProps, 'opened'>) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('library.folders.nameEmpty'));
      return;
    }
    setSaving(true);
    try {
      await onSubmit(trimmed);
      onClose();
    } catch (failure) {
      setError(isApiError(failure) && failure.msg ? failure.msg : t('library.folders.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <TextInput
        label={t('library.folders.nameLabel')}
        placeholder={t('library.folders.namePlaceholder')}
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setError(null);
        }}
        maxLength={FOLDER_NAME_MAX}
        error={error}
        data-autofocus
      />
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={saving}>
          {t(mode === 'create' ? 'library.folders.create' : 'library.folders.save')}
        </Button>
      </Group>
    </form>
  );
}
