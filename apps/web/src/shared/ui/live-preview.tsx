import { useTaskPreview } from '../api/task-previews';
import classes from './live-preview.module.css';

/**
 * The engine's latest picture of a running task, blurred while it is rough and sharper as
 * progress grows, as Midjourney shows a generation coming into focus. Nothing until the
 * engine sends one: the shimmering placeholder behind it shows alone.
 */
export function LivePreview({ taskId, progress }: { taskId: string; progress: number }) {
  const url = useTaskPreview(taskId);
  if (!url) return null;
  const blur = Math.round(Math.max(2, 16 * (1 - progress / 100)));
  return (
    <img
      src={url}
      alt=""
      aria-hidden="true"
      data-testid="live-preview"
      className={classes.preview}
      style={{ filter: `blur(${blur}px)` }}
    />
  );
}
