import type { AdminWorkEdit } from '@lumen/contracts/community';
import { Anchor, Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApproveButton, RejectButton } from './review-buttons';
import { Link } from 'react-router';

interface ReviewEditCardProps {
  edit: AdminWorkEdit;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}

/** One side of an edit: its title and description as they read. */
function EditText({
  label,
  title,
  description,
}: {
  label: string;
  title: string;
  description: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Text>
      <Text size="sm" c={description ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
        {description || t('admin.review.noDescription')}
      </Text>
    </Stack>
  );
}

/** A published work's edit in review: the text shown now beside the new one, and the decision. */
export function ReviewEditCard({ edit, busy, onApprove, onReject }: ReviewEditCardProps) {
  const { t, i18n } = useTranslation();
  const { work } = edit;
  const label = work.title || t('community.untitled');
  return (
    <Card withBorder radius="lg" padding="sm" aria-label={label} component="article">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Anchor component={Link} to={`/w/${work.work_id}`} target="_blank" aria-label={label}>
          <Image
            src={work.media.poster_url ?? work.media.thumb_url}
            alt=""
            w={{ base: 72, sm: 120 }}
            h={{ base: 72, sm: 120 }}
            radius="md"
            fit="cover"
          />
        </Anchor>
        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {t('admin.review.editedOn', {
              name: work.author.nickname,
              date: new Date(edit.edited_at).toLocaleString(i18n.language, {
                dateStyle: 'medium',
                timeStyle: 'short',
              }),
            })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <EditText
              label={t('admin.review.editBefore')}
              title={work.title}
              description={work.description}
            />
            <Card padding="xs" radius="md" bg="var(--mantine-color-blue-light)">
              <EditText
                label={t('admin.review.editAfter')}
                title={edit.title}
                description={edit.description}
              />
            </Card>
          </SimpleGrid>
          <Group gap={6} wrap="wrap">
            <ApproveButton onClick={onApprove} busy={busy} />
            <RejectButton onClick={onReject} busy={busy} />
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
