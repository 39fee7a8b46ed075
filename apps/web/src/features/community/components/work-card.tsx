import type { Work } from '@lumen/contracts/community';
import { Badge, Text, Tooltip } from '@mantine/core';
import { IconBox, IconPhoto, IconPlayerPlayFilled, IconReload } from '@tabler/icons-react';
import { memo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mediaAspect } from '../masonry';
import { recreatePath } from '../remix-links';
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

/** How long a finger rests on a card before it shows the prompt, as a hover would. */
const LONG_PRESS_MS = 450;

/**
 * One work in a feed: its picture in its own shape with its kind, its title, the author and
 * the like button. A hover (a long press on touch) shows the prompt with "Recreate" and plays
 * a video muted.
 */
export const WorkCard = memo(function WorkCard({
  work,
  showStatus = false,
  priority = 'lazy',
}: WorkCardProps) {
  const { t } = useTranslation();
  const [previewing, setPreviewing] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const press = useRef<{ timer: number; held: boolean } | null>(null);
  const aspect = mediaAspect(work.media.width, work.media.height);
  const title = work.title || t('community.untitled');
  const kind = t(`community.kinds.${work.kind}`);
  const still = work.media.poster_url ?? work.media.thumb_url;
  const recreate = recreatePath(work);

  const endPress = () => {
    if (press.current) window.clearTimeout(press.current.timer);
  };

  return (
    <article className={classes.card} data-kind={work.kind}>
      <div
        className={classes.frame}
        style={{ aspectRatio: `1 / ${aspect}` }}
        data-revealed={revealed || undefined}
        onPointerEnter={(event) => {
          if (work.kind === 'video' && event.pointerType === 'mouse') setPreviewing(true);
        }}
        onPointerLeave={() => setPreviewing(false)}
        // A long press on a touch screen shows what a pointer's hover shows (and plays a video).
        onTouchStart={() => {
          endPress();
          const state = { held: false, timer: 0 };
          state.timer = window.setTimeout(() => {
            state.held = true;
            setRevealed(true);
            if (work.kind === 'video') setPreviewing(true);
          }, LONG_PRESS_MS);
          press.current = state;
        }}
        onTouchEnd={endPress}
        onTouchMove={endPress}
        onContextMenu={(event) => {
          if (press.current?.held) event.preventDefault();
        }}
      >
        <Link
          to={`/w/${work.work_id}`}
          className={classes.media}
          aria-label={title}
          onClick={(event) => {
            // The tap that ends a long press only reveals; the next one opens the work.
            if (press.current?.held) {
              event.preventDefault();
              press.current = null;
            }
          }}
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
          <span className={classes.kind} title={kind}>
            {work.kind === 'video' ? (
              <IconPlayerPlayFilled size={12} />
            ) : work.kind === '3d' ? (
              <IconBox size={13} />
            ) : (
              <IconPhoto size={13} />
            )}
            {kind}
          </span>
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
        </Link>
        {work.prompt ? (
          <div className={classes.overlay} data-testid="work-card-prompt">
            <Text size="xs" lineClamp={4}>
              {work.prompt}
            </Text>
            {recreate ? (
              <Link to={recreate} className={classes.recreate}>
                <IconReload size={13} aria-hidden="true" />
                {t('community.remix.recreate')}
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>
      <Text size="sm" fw={600} truncate px={2} title={title}>
        {title}
      </Text>
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
