import { ActionIcon } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useArrowKeys } from '../hooks/use-arrow-keys';
import classes from './step-arrows.module.css';

interface StepArrowsProps {
  /** Where we are among `count` items, from 0. */
  position: number;
  count: number;
  onStep: (position: number) => void;
}

/**
 * Previous and next buttons over a picture (placed on its positioned container), with ← and →
 * doing the same. Nothing shows for a single item.
 */
export function StepArrows({ position, count, onStep }: StepArrowsProps) {
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
  if (count < 2) return null;
  return (
    <>
      <span ref={anchor} hidden />
      {hasPrevious ? (
        <ActionIcon
          className={classes.arrow}
          data-side="previous"
          variant="filled"
          color="dark"
          radius="xl"
          size="lg"
          aria-label={t('common.previous')}
          onClick={() => onStep(position - 1)}
        >
          <IconChevronLeft size={20} />
        </ActionIcon>
      ) : null}
      {hasNext ? (
        <ActionIcon
          className={classes.arrow}
          data-side="next"
          variant="filled"
          color="dark"
          radius="xl"
          size="lg"
          aria-label={t('common.next')}
          onClick={() => onStep(position + 1)}
        >
          <IconChevronRight size={20} />
        </ActionIcon>
      ) : null}
    </>
  );
}
