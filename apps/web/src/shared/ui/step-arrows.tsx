import { ActionIcon } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useArrowKeys } from '../hooks/use-arrow-keys';
import classes from './step-arrows.module.css';

interface StepArrowsProps {
  /** Where we are among `count` items, from 0. */
  position: number;
  count: number;
  onStep: (position: number) => void;
  /**
   * A horizontal swipe over the container steps too. Only for still pictures: over a 3D model
   * a drag turns it, and over a video's controls it seeks.
   */
  swipe?: boolean;
}

/** The least horizontal travel, in CSS pixels, that counts as a swipe. */
const SWIPE_PX = 50;

/**
 * Previous and next buttons over a picture (placed on its positioned container), with ← and →
 * doing the same, and a swipe where asked. Nothing shows for a single item.
 */
export function StepArrows({ position, count, onStep, swipe = false }: StepArrowsProps) {
  const { t } = useTranslation();
  const hasPrevious = position > 0;
  const hasNext = position < count - 1;
  const anchor = useRef<HTMLSpanElement>(null);
  useArrowKeys(
    {
      onPrevious: () => hasPrevious && onStep(position - 1),
      onNext: () => hasNext && onStep(position + 1),
      anchor,
    },
    count > 1,
  );
  useEffect(() => {
    const area = anchor.current?.parentElement;
    if (!swipe || !area || count < 2) return;
    let start: { x: number; y: number } | null = null;
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      start = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
    };
    const onEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      if (!start || !touch) return;
      const dx = touch.clientX - start.x;
      const dy = touch.clientY - start.y;
      start = null;
      // Mostly sideways, so that scrolling the page past the picture is not a swipe.
      if (Math.abs(dx) < SWIPE_PX || Math.abs(dy) > Math.abs(dx) / 2) return;
      if (dx < 0 && position < count - 1) onStep(position + 1);
      if (dx > 0 && position > 0) onStep(position - 1);
    };
    area.addEventListener('touchstart', onStart, { passive: true });
    area.addEventListener('touchend', onEnd);
    return () => {
      area.removeEventListener('touchstart', onStart);
      area.removeEventListener('touchend', onEnd);
    };
  }, [swipe, count, position, onStep]);
  if (count < 2) return null;
  return (
    <>
      <span ref={anchor} hidden />
      {(
        [
          [hasPrevious, 'previous', position - 1, IconChevronLeft],
          [hasNext, 'next', position + 1, IconChevronRight],
        ] as const
      ).map(([shown, side, target, Icon]) =>
        shown ? (
          <ActionIcon
            key={side}
            className={classes.arrow}
            data-side={side}
            variant="filled"
            color="dark"
            radius="xl"
            size="lg"
            aria-label={t(`common.${side}`)}
            onClick={() => onStep(target)}
          >
            <Icon size={20} />
          </ActionIcon>
        ) : null,
      )}
    </>
  );
}
