import type { AdminReport } from '@lumen/contracts/community';
import { Anchor, Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconBan, IconCheck, IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type Action = 'dismiss' | 'hide_work' | 'ban_user';

/** A report: what was reported, why, by whom, and the three ways to resolve it. */
export function ReportCard({
  report,
  busy,
  onResolve,
}: {
  report: AdminReport;
  busy: boolean;
  onResolve: (action: Action) => void;
}) {
  const { t, i18n } = useTranslation();
  const work = report.work;
  const comment = report.comment;
  const target = comment
    ? t('admin.reports.commentBy', { name: comment.author.nickname })
    : work
      ? t('admin.reports.workBy', { title: work.title, name: work.author.nickname })
      : t('admin.reports.gone');
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-label={target}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        {work ? (
          <Anchor component={Link} to={`/w/${work.work_id}`} target="_blank">
            <Image src={work.media.thumb_url} alt="" w={88} h={88} radius="md" fit="cover" />
          </Anchor>
        ) : null}
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm">
            {target}
          </Text>
          {comment ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              “{comment.text}”
            </Text>
          ) : null}
          <Group gap={4}>
            {report.reasons.map((reason) => (
              <Badge key={reason} size="sm" color="red" variant="light">
                {t(`community.report.reasons.${reason}`)}
              </Badge>
            ))}
          </Group>
          {report.description ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {report.description}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {t('admin.reports.reportedBy', {
              name: report.reporter.nickname,
              date: new Date(report.created_at).toLocaleString(i18n.language, {
                dateStyle: 'medium',
                timeStyle: 'short',
              }),
            })}
          </Text>
          {report.status === 'resolved' && report.action ? (
            <Badge color="gray" variant="outline" w="fit-content">
              {t(`admin.reports.actions.${report.action}`)}
            </Badge>
          ) : null}
        </Stack>
      </Group>
      {report.status === 'open' ? (
        <Group gap={6} mt="sm" justify="flex-end" wrap="wrap">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCheck size={14} />}
            onClick={() => onResolve('dismiss')}
            disabled={busy}
          >
            {t('admin.reports.actions.dismiss')}
          </Button>
          {work ? (
            <Button
              size="xs"
              color="orange"
              variant="light"
              leftSection={<IconEyeOff size={14} />}
              onClick={() => onResolve('hide_work')}
              disabled={busy}
            >
              {t('admin.reports.actions.hide_work')}
            </Button>
          ) : null}
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconBan size={14} />}
            onClick={() => onResolve('ban_user')}
            disabled={busy}
          >
            {t('admin.reports.actions.ban_user')}
          </Button>
        </Group>
      ) : null}
    </Card>
  );
}
