import { Button, Group, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast';
import { useBroadcast } from '../api/manage';
import { isBroadcastLink } from '../broadcast-rules';
import { AdminPageHeader } from '../components/admin-page-header';
import { ApiErrorAlert } from '../components/api-error-alert';
import { withAdminTexts } from '../admin-texts';

const TITLE_MAX = 120;
const CONTENT_MAX = 2000;
const LINK_MAX = 500;

/** `/admin/notifications`: send an official message to every active user, after a confirm. */
export const BroadcastPage = withAdminTexts(BroadcastPageContent);

function BroadcastPageContent() {
  const { t } = useTranslation();
  const broadcast = useBroadcast();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [link, setLink] = useState('');
  const [errors, setErrors] = useState<{ title?: string; content?: string; link?: string }>({});

  const send = () => {
    const input = { title: title.trim(), content: content.trim(), link: link.trim() };
    const found: typeof errors = {};
    if (input.title === '') found.title = t('admin.broadcast.titleRequired');
    if (input.content === '') found.content = t('admin.broadcast.contentRequired');
    if (!isBroadcastLink(input.link)) found.link = t('admin.broadcast.linkInvalid');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    modals.openConfirmModal({
      title: t('admin.broadcast.confirmTitle'),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('admin.broadcast.confirmBody')}</Text>
          <Paper withBorder p="sm" radius="md">
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {input.title}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {input.content}
            </Text>
            {input.link ? (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {input.link}
              </Text>
            ) : null}
          </Paper>
        </Stack>
      ),
      labels: { confirm: t('admin.broadcast.send'), cancel: t('common.cancel') },
      onConfirm: () =>
        broadcast.mutate(input, {
          onSuccess: ({ sent }) => {
            toast({ type: 'success', message: t('admin.broadcast.sent', { count: sent }) });
            setTitle('');
            setContent('');
            setLink('');
          },
        }),
    });
  };

  return (
    <Stack gap="lg" maw={720} mx="auto">
      <AdminPageHeader
        title={t('admin.broadcast.title')}
        subtitle={t('admin.broadcast.subtitle')}
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <Stack gap="md">
            <TextInput
              label={t('admin.broadcast.fieldTitle')}
              value={title}
              onChange={(e) => {
                setTitle(e.currentTarget.value);
                setErrors((x) => ({ ...x, title: undefined }));
              }}
              error={errors.title}
              maxLength={TITLE_MAX}
              withAsterisk
            />
            <Textarea
              label={t('admin.broadcast.fieldContent')}
              value={content}
              onChange={(e) => {
                setContent(e.currentTarget.value);
                setErrors((x) => ({ ...x, content: undefined }));
              }}
              error={errors.content}
              maxLength={CONTENT_MAX}
              autosize
              minRows={4}
              maxRows={12}
              withAsterisk
            />
            <TextInput
              label={t('admin.broadcast.fieldLink')}
              description={t('admin.broadcast.linkHint')}
              placeholder="/campaigns/12"
              value={link}
              onChange={(e) => {
                setLink(e.currentTarget.value);
                setErrors((x) => ({ ...x, link: undefined }));
              }}
              error={errors.link}
              maxLength={LINK_MAX}
            />
            <ApiErrorAlert error={broadcast.error} />
            <Group justify="flex-end">
              <Button
                type="submit"
                leftSection={<IconSend size={16} />}
                loading={broadcast.isPending}
              >
                {t('admin.broadcast.review')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
