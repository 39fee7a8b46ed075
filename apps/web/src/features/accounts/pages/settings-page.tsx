import { Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../shared/session/session-store';
import { toast } from '../../../shared/ui/toast';
import type { DeleteAccountResult } from '../api/delete-account';
import { DeleteAccountDialog } from '../components/delete-account-dialog';
import { EmailNoticesCard } from '../components/email-notices-card';

export function SettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);

  // The server has already ended every session of the account; this tab and the others follow.
  // Leaving the guarded page first (committed at once) keeps the route guard from opening the
  // login dialog.
  const onDeleted = (result: DeleteAccountResult) => {
    setDeleting(false);
    toast({
      type: 'success',
      message: t('deleteAccount.done', { days: result.reply_within_days }),
      duration: 8000,
      closable: true,
    });
    void navigate('/', { replace: true, flushSync: true });
    useSession.getState().logout({ openLogin: false });
  };

  return (
    <Container size="sm" px={0} mx={0}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('settings.title')}
        </Title>
        <EmailNoticesCard />
        <Card
          withBorder
          radius="lg"
          padding="lg"
          style={{ borderColor: 'var(--mantine-color-red-filled)' }}
        >
          <Title order={2} fz="lg" c="red">
            {t('settings.danger.title')}
          </Title>
          <Group justify="space-between" align="center" mt="sm" gap="md">
            <Stack gap={2} flex="1 1 240px">
              <Text fw={600}>{t('settings.danger.deleteTitle')}</Text>
              <Text size="sm" c="dimmed">
                {t('settings.danger.deleteBody')}
              </Text>
            </Stack>
            <Button
              color="red"
              variant="outline"
              leftSection={<IconTrash size={16} />}
              onClick={() => setDeleting(true)}
            >
              {t('settings.danger.deleteButton')}
            </Button>
          </Group>
        </Card>
      </Stack>
      <DeleteAccountDialog
        opened={deleting}
        onClose={() => setDeleting(false)}
        onDeleted={onDeleted}
      />
    </Container>
  );
}
