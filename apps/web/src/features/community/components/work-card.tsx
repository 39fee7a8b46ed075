import type { Work } from '@lumen/contracts/community';
import { Badge, Text, Tooltip } from '@mantine/core';
import { IconBox, IconPlayerPlayFilled } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mediaAspect } from '../masonry';
import { LikeButton } from './like-button';
import { UserAvatar } from './user-avatar';
import classes from './work-card.module.css';

const statusColors: Record<Work['status'], string> = {
  submitted: 'blue',
  reviewing: 'blue',
  approved: 'teal',
  rejected: 'red',
  hidden: 'gray',
};

interface WorkCardProps {
  work: Work;
  /** Shows the review state over the picture (the owner's own list). */
  showStatus?: boolean;
  /**
   * How soon its picture loads: `high` for the first cards (one of them is likely the page's
   * largest paint), `eager` for the others that are likely on screen at once, `lazy` below.
   */
  priority?: 'high' | 'eager' | 'lazy';
}

/**
 * One work in a feed: its picture in its own shape, a muted preview while a pointer rests on a
 * video, the author and the like button.
 */
export const WorkCard = memo(function WorkCard({
  work,
  showStatus = false,
  priority = 'lazy',
}: WorkCardProps) {
  const { t } = useTranslation();
  const [previewing, setPreviewing] = useState(false);
  const aspect = mediaAspect(work.media.width, work.media.height);
  const title = work.title || t('community.untitled');
  const still = work.media.poster_url ?? work.media.thumb_url;

  return (
    <article className={classes.card} data-kind={work.kind}>
      <Link
        to={`/w/${work.work_id}`}
        className={classes.media}
        style={{ aspectRatio: `1 / ${aspect}` }}
        aria-label={title}
        onPointerEnter={(event) => {
          if (work.kind === 'video' && event.pointerType === 'mouse') setPreviewing(true);
        }}
        onPointerLeave={() => setPreviewing(false)}
      >
        <img
          src={still}
          alt={title}
          loading={priority === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={priority === 'high' ? 'high' : 'auto'}
          decoding="async"
          className={classes.image}
        />
        {previewing ? (
          <video
            className={classes.video}
            src={work.media.url}
            muted
            loop
            autoPlay
            playsInline
            preload="auto"
            aria-hidden="true"
          />
        ) : null}
        {work.kind !== 'image' ? (
          <span className={classes.kind} title={t(`community.kinds.${work.kind}`)}>
            {work.kind === 'video' ? <IconPlayerPlayFilled size={13} /> : <IconBox size={15} />}
          </span>
        ) : null}
        {showStatus ? (
          <Tooltip
            label={work.reject_reason}
            disabled={!work.reject_reason}
            withArrow
            multiline
            w={240}
          >
            <Badge className={classes.status} color={statusColors[work.status]} variant="filled">
              {t(`community.status.${work.status}`)}
            </Badge>
          </Tooltip>
        ) : null}
        <div className={classes.overlay}>
          <Text size="sm" fw={600} lineClamp={2}>
            {title}
          </Text>
        </div>
      </Link>
      {showStatus && work.status === 'rejected' && work.reject_reason ? (
        <Text size="xs" c="red" lineClamp={2} px={2}>
          {t('community.status.rejectedBecause', { reason: work.reject_reason })}
        </Text>
      ) : null}
      {showStatus && work.pending_edit_at ? (
        <Text size="xs" c="blue" lineClamp={1} px={2}>
          {t('community.status.editPending')}
        </Text>
      ) : null}
      <div className={classes.meta}>
        <Link to={`/u/${work.author.user_id}`} className={classes.author}>
          <UserAvatar nickname={work.author.nickname} avatar={work.author.avatar} size={22} />
          <Text size="xs" fw={500} truncate className={classes.authorName}>
            {work.author.nickname}
          </Text>
        </Link>
        {work.status === 'approved' ? <LikeButton work={work} /> : null}
      </div>
    </article>
  );
});
