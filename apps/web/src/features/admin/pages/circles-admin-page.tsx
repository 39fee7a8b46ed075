import type { Circle } from '@lumen/contracts/community';
import { Avatar, Button, Center, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../shared/ui/toast';
import { useCircles } from '../../community/api/circles';
import { useDeleteCircle, useSaveCircle } from '../api/manage';
import { AdminPageHeader } from '../components/admin-page-header';
import { CircleForm } from '../components/circle-form';
import { withAdminTexts } from '../admin-texts';

/** `/admin/circles`: every circle; create, edit and delete (admins only, by the route guard). */
export const CirclesAdminPage = withAdminTexts(CirclesAdminPageContent);

function CirclesAdminPageContent() {
  const { t } = useTranslation();
  const circles = useCircles();
  const save = useSaveCircle();
  const remove = useDeleteCircle();
  // undefined: closed; null: creating; a circle: editing it.
  const [editing, setEditing] = useState<Circle | null | undefined>(undefined);
  const close = () => {
    setEditing(undefined);
    save.reset();
  };

  const confirmDelete = (circle: Circle) =>
    modals.openConfirmModal({
      title: t('admin.circles.deleteTitle', { name: circle.name }),
      children: <Text size="sm">{t('admin.circles.deleteBody')}</Text>,
      labels: { confirm: t('admin.circles.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(circle.circle_id, {
          onSuccess: () => toast({ type: 'success', message: t('admin.circles.deleted') }),
          onError: (error) =>
            toast({ type: 'error', message: error.message || t('errors.generic') }),
        }),
    });

  return (
    <Stack gap="lg" maw={960} mx="auto">
      <AdminPageHeader
        title={t('admin.circles.title')}
        subtitle={t('admin.circles.subtitle')}
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
            {t('admin.circles.new')}
          </Button>
        }
      />
      {circles.isPending ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : (circles.data ?? []).length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('admin.circles.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {(circles.data ?? []).map((circle) => (
            <Paper key={circle.circle_id} withBorder radius="md" p="sm">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Avatar src={circle.cover_url || null} radius="md" size={48} alt="">
                  {circle.name.slice(0, 1)}
                </Avatar>
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Text component={Link} to={`/circles/${circle.circle_id}`} fw={600} truncate>
                    {circle.name}
                  </Text>
                  {circle.description ? (
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {circle.description}
                    </Text>
                  ) : null}
                  <Text size="xs" c="dimmed">
                    {t('admin.circles.counts', {
                      members: circle.member_count,
                      works: circle.work_count,
                    })}
                  </Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconPencil size={14} />}
                    onClick={() => setEditing(circle)}
                    aria-label={t('admin.circles.editNamed', { name: circle.name })}
                  >
                    <Text span size="sm" visibleFrom="xs">
                      {t('admin.edit')}
                    </Text>
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => confirmDelete(circle)}
                    aria-label={t('admin.circles.deleteNamed', { name: circle.name })}
                  >
                    <Text span size="sm" visibleFrom="xs">
                      {t('admin.circles.delete')}
                    </Text>
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Modal
        opened={editing !== undefined}
        onClose={close}
        title={t(editing ? 'admin.circles.editTitle' : 'admin.circles.newTitle')}
        radius="lg"
        centered
      >
        {editing !== undefined ? (
          <CircleForm
            key={editing?.circle_id ?? 'new'}
            circle={editing}
            loading={save.isPending}
            error={save.error}
            onCancel={close}
            onSubmit={(input) =>
              save.mutate(
                { circleId: editing?.circle_id ?? null, input },
                {
                  onSuccess: () => {
                    close();
                    toast({
                      type: 'success',
                      message: t(editing ? 'admin.circles.saved' : 'admin.circles.created'),
                    });
                  },
                },
              )
            }
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
