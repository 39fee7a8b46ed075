import { DELETE_ACCOUNT_PHRASE } from '@lumen/contracts/account';
import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { DeleteAccountResult } from '../api/delete-account';
import { useDeleteAccount } from '../api/delete-account';

interface DeleteAccountDialogProps {
  opened: boolean;
  onClose: () => void;
  onDeleted: (result: DeleteAccountResult) => void;
}

/**
 * Spec §4 account deletion: irreversible, ends subscriptions without refund, answered within
 * 15 working days; the button stays off until the exact phrase is typed.
 */
export function DeleteAccountDialog({ opened, onClose, onDeleted }: DeleteAccountDialogProps) {
  const { t } = useTranslation();
  const [phrase, setPhrase] = useState('');
  const deletion = useDeleteAccount();
  const matches = phrase === DELETE_ACCOUNT_PHRASE;

  const close = () => {
    setPhrase('');
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('deleteAccount.title')}
      centered
      radius="lg"
      size={480}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t('deleteAccount.warning')}
        </Alert>
        <List size="sm" spacing={6}>
          <List.Item>{t('deleteAccount.irreversible')}</List.Item>
          <List.Item>{t('deleteAccount.subscriptions')}</List.Item>
          <List.Item>{t('deleteAccount.reply', { days: 15 })}</List.Item>
        </List>
        <TextInput
          label={
            <Trans
              i18nKey="deleteAccount.typePhrase"
              values={{ phrase: DELETE_ACCOUNT_PHRASE }}
              components={{ strong: <Text span fw={700} inherit /> }}
            />
          }
          value={phrase}
          autoComplete="off"
          onChange={(event) => setPhrase(event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            disabled={!matches}
            loading={deletion.isPending}
            onClick={() => deletion.mutate(phrase, { onSuccess: (result) => onDeleted(result) })}
          >
            {t('deleteAccount.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
