import type { Work } from '@lumen/contracts/community';
import { Anchor, Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconEyeOff, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApproveButton, RejectButton } from './review-buttons';
import { Link } from 'react-router';

interface ReviewWorkCardProps {
  work: Work;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
  onHide: () => void;
}

/** A work in the review queue with the moderator's three decisions. */
export function ReviewWorkCard({ work, busy, onApprove, onReject, onHide }: ReviewWorkCardProps) {
  const { t, i18n } = useTranslation();
  const title = work.title || t('community.untitled');
  return (
    <Card withBorder radius="lg" padding="sm" aria-label={title} component="article">
      <Card.Section pos="relative">
        <Anchor component={Link} to={`/w/${work.work_id}`} target="_blank" aria-label={title}>
          <Image src={work.media.poster_url ?? work.media.thumb_url} alt="" h={200} fit="cover" />
        </Anchor>
        {work.kind !== 'image' ? (
          <Badge
            pos="absolute"
            top={8}
            left={8}
            variant="filled"
            color="dark"
            leftSection={work.kind === 'video' ? <IconPlayerPlayFilled size={10} /> : null}
          >
            {t(`community.kinds.${work.kind}`)}
          </Badge>
        ) : null}
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Text fw={600} lineClamp={1}>
          {title}
        </Text>
        <Text size="xs" c="dimmed">
          {t('admin.review.byOn', {
            name: work.author.nickname,
            date: new Date(work.created_at).toLocaleString(i18n.language, {
              dateStyle: 'medium',
              timeStyle: 'short',
            }),
          })}
        </Text>
        {work.description ? (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {work.description}
          </Text>
        ) : null}
        {work.reject_reason ? (
          <Text size="xs" c="red">
            {t('admin.review.rejectedFor', { reason: work.reject_reason })}
          </Text>
        ) : null}
      </Stack>
      <Group gap={6} mt="sm" wrap="wrap">
        {work.status !== 'approved' ? <ApproveButton onClick={onApprove} busy={busy} /> : null}
        {work.status !== 'rejected' ? <RejectButton onClick={onReject} busy={busy} /> : null}
        {work.status !== 'hidden' ? (
          <Button
            size="xs"
            color="gray"
            variant="default"
            leftSection={<IconEyeOff size={14} />}
            onClick={onHide}
            disabled={busy}
          >
            {t('admin.review.hide')}
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}
