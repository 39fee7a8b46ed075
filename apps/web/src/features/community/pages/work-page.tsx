import {
  Alert,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconTrophy } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useWork } from '../api/work';
import { CommentsPanel } from '../components/comments-panel';
import { FollowButton } from '../components/follow-button';
import { GenerationDetails } from '../components/generation-details';
import { MasonryGrid } from '../components/masonry-grid';
import { RemixPanel } from '../components/remix-panel';
import { UserAvatar } from '../components/user-avatar';
import { WorkActions } from '../components/work-actions';
import { WorkCard } from '../components/work-card';
import { WorkMedia } from '../components/work-media';
import { WorkStatusBanner } from '../components/work-status-banner';
import { formatDate } from '../format';
import { mediaAspect } from '../masonry';
import classes from './work-page.module.css';

function WorkSkeleton() {
  return (
    <div className={classes.layout}>
      <Skeleton className={classes.media} h={480} radius="lg" />
      <Skeleton className={classes.side} h={480} radius="lg" />
    </div>
  );
}

/** `/w/:workId`: one published work (the address the server renders Open Graph tags for). */
export function WorkPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { workId = '' } = useParams();
  const query = useWork(workId);
  const work = query.data;
  const title = work ? work.title || t('community.untitled') : '';

  useEffect(() => {
    if (title) document.title = `${title} · Lumen`;
  }, [title]);

  const back = (
    <Group>
      <Button
        variant="subtle"
        color="gray"
        px={8}
        leftSection={<IconArrowLeft size={16} />}
        onClick={() => (window.history.length > 1 ? void navigate(-1) : void navigate('/explore'))}
      >
        {t('community.work.back')}
      </Button>
    </Group>
  );

  if (query.isPending) {
    return (
      <Stack gap="md" maw={1440} mx="auto">
        {back}
        <WorkSkeleton />
      </Stack>
    );
  }
  if (!work) {
    return (
      <Stack gap="md" maw={1440} mx="auto">
        {back}
        <Alert color="gray" variant="light" title={t('community.work.missingTitle')}>
          <Stack gap="sm" align="flex-start">
            {t('community.work.missing')}
            <Button component={Link} to="/explore" variant="default" size="xs">
              {t('community.work.toExplore')}
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={1440} mx="auto">
      {back}
      <WorkStatusBanner work={work} />
      <div className={classes.layout}>
        <div className={classes.media}>
          <WorkMedia work={work} label={title} />
        </div>
        <div className={classes.side}>
          <Card withBorder radius="lg" padding="lg">
            <Stack gap="md">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Group
                  gap="sm"
                  wrap="nowrap"
                  style={{ minWidth: 0, color: 'inherit', textDecoration: 'none' }}
                  renderRoot={(props) => <Link to={`/u/${work.author.user_id}`} {...props} />}
                >
                  <UserAvatar
                    nickname={work.author.nickname}
                    avatar={work.author.avatar}
                    size={40}
                  />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {work.author.nickname}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDate(work.published_at ?? work.created_at, i18n.language)}
                    </Text>
                  </Stack>
                </Group>
                <FollowButton userId={work.author.user_id} followed={work.author.followed} />
              </Group>
              <Stack gap={6}>
                <Title order={1} fz={{ base: 20, sm: 24 }} style={{ overflowWrap: 'anywhere' }}>
                  {title}
                </Title>
                {work.description ? (
                  <Text
                    size="sm"
                    c="dimmed"
                    style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  >
                    {work.description}
                  </Text>
                ) : null}
                <Group gap={6}>
                  <Badge variant="light" radius="sm">
                    {t(`community.kinds.${work.kind}`)}
                  </Badge>
                  {work.cmp_id ? (
                    <Badge
                      component={Link}
                      to={`/campaigns/${work.cmp_id}`}
                      variant="light"
                      color="orange"
                      radius="sm"
                      leftSection={<IconTrophy size={12} />}
                      style={{ cursor: 'pointer' }}
                    >
                      {t('community.work.inCampaign')}
                    </Badge>
                  ) : null}
                </Group>
              </Stack>
              <WorkActions work={work} />
              <Divider />
              <GenerationDetails work={work} />
              <Divider />
              <RemixPanel work={work} />
            </Stack>
          </Card>
        </div>
        <div className={classes.comments}>
          <CommentsPanel work={work} />
        </div>
      </div>
      {work.remixes.length > 0 ? (
        <Stack gap="sm" mt="md">
          <Title order={2} fz="lg">
            {t('community.remix.remixes', { count: work.remix_count })}
          </Title>
          <MasonryGrid
            items={work.remixes}
            getKey={(w) => w.work_id}
            aspectOf={(w) => mediaAspect(w.media.width, w.media.height)}
            renderItem={(w) => <WorkCard work={w} />}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
