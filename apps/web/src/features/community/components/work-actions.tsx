import type { WorkDetail } from '@lumen/contracts/community';
import { ActionIcon, Button, Group, Menu, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconBookmark,
  IconBookmarkFilled,
  IconDots,
  IconEdit,
  IconFlag,
  IconMessageCircle,
  IconShare3,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../shared/session/session-store';
import { toast } from '../../../shared/ui/toast';
import { useWorkFavorite } from '../api/toggles';
import { useUnpublishWork } from '../api/work';
import { formatCount } from '../format';
import { EditWorkDialog } from './edit-work-dialog';
import { LikeButton } from './like-button';
import { ReportDialog } from './report-dialog';
import { ShareDialog } from './share-dialog';

/** Like, favorite, comments, share, report; edit and unpublish for the owner. */
export function WorkActions({ work }: { work: WorkDetail }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const me = useSession((s) => s.user?.userId);
  const favorite = useWorkFavorite(work.work_id);
  const unpublish = useUnpublishWork(work.work_id);
  const [dialog, setDialog] = useState<'share' | 'report' | 'edit' | null>(null);
  const mine = me !== undefined && String(work.author.user_id) === me;
  const approved = work.status === 'approved';

  const confirmUnpublish = () =>
    modals.openConfirmModal({
      title: t('community.work.unpublishTitle'),
      children: <Text size="sm">{t('community.work.unpublishBody')}</Text>,
      labels: { confirm: t('community.work.unpublish'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        unpublish.mutate(undefined, {
          onSuccess: () => {
            toast({ type: 'success', message: t('community.work.unpublished') });
            void navigate(me ? `/u/${me}` : '/explore', { replace: true });
          },
        }),
    });

  return (
    <>
      <Group gap={6} wrap="wrap">
        {approved ? (
          <>
            <LikeButton work={work} size="sm" px="sm" />
            <Button
              size="sm"
              radius="xl"
              px="sm"
              variant={work.favorited ? 'light' : 'subtle'}
              color={work.favorited ? 'yellow' : 'gray'}
              leftSection={
                work.favorited ? <IconBookmarkFilled size={16} /> : <IconBookmark size={16} />
              }
              aria-pressed={work.favorited}
              aria-label={t(
                work.favorited ? 'community.actions.unfavorite' : 'community.actions.favorite',
              )}
              onClick={() =>
                favorite.toggle({ active: work.favorited, count: work.favorite_count })
              }
            >
              {formatCount(work.favorite_count, i18n.language)}
            </Button>
            <Button
              component="a"
              href="#comments"
              size="sm"
              radius="xl"
              px="sm"
              variant="subtle"
              color="gray"
              leftSection={<IconMessageCircle size={16} />}
              aria-label={t('community.actions.comments')}
            >
              {formatCount(work.comment_count, i18n.language)}
            </Button>
          </>
        ) : null}
        <Group gap={4} ml="auto" wrap="nowrap">
          {approved ? (
            <Tooltip label={t('community.actions.share')} withArrow>
              <ActionIcon
                variant="default"
                radius="xl"
                size="lg"
                aria-label={t('community.actions.share')}
                onClick={() => setDialog('share')}
              >
                <IconShare3 size={18} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="default"
                radius="xl"
                size="lg"
                aria-label={t('community.actions.more')}
              >
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {mine ? (
                <>
                  <Menu.Item leftSection={<IconEdit size={14} />} onClick={() => setDialog('edit')}>
                    {t('community.work.edit')}
                  </Menu.Item>
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={confirmUnpublish}
                  >
                    {t('community.work.unpublish')}
                  </Menu.Item>
                </>
              ) : (
                <Menu.Item
                  leftSection={<IconFlag size={14} />}
                  onClick={() =>
                    me === undefined ? useSession.getState().openLogin() : setDialog('report')
                  }
                >
                  {t('community.actions.report')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      <ShareDialog
        opened={dialog === 'share'}
        onClose={() => setDialog(null)}
        workId={work.work_id}
        title={work.title || t('community.untitled')}
        image={work.media.thumb_url}
      />
      <ReportDialog
        opened={dialog === 'report'}
        onClose={() => setDialog(null)}
        target={{ work_id: work.work_id }}
      />
      {mine ? (
        <EditWorkDialog opened={dialog === 'edit'} onClose={() => setDialog(null)} work={work} />
      ) : null}
    </>
  );
}
