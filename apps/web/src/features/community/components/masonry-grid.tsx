import { useElementSize } from '@mantine/hooks';
import { Fragment, useMemo, type ReactNode } from 'react';
import { columnCountFor, distributeMasonry } from '../masonry';
import classes from './masonry-grid.module.css';

/** The row under each picture (author, like), as a share of the column width. */
const CAPTION_SHARE = 0.14;

interface MasonryGridProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  /** Height ÷ width of the item's picture. */
  aspectOf: (item: T) => number;
  renderItem: (item: T) => ReactNode;
  minColumnWidth?: number;
}

/** Columns of pictures in their own shapes, filled shortest-first (see masonry.ts). */
export function MasonryGrid<T>({
  items,
  getKey,
  aspectOf,
  renderItem,
  minColumnWidth,
}: MasonryGridProps<T>) {
  const { ref, width } = useElementSize();
  const columns = columnCountFor(width, { minColumnWidth });
  const placed = useMemo(
    () => distributeMasonry(items, columns, (item) => aspectOf(item) + CAPTION_SHARE),
    [items, columns, aspectOf],
  );
  return (
    <div ref={ref} className={classes.grid} data-columns={columns}>
      {placed.map((column, index) => (
        <div key={index} className={classes.column}>
          {column.map((item) => (
            <Fragment key={getKey(item)}>{renderItem(item)}</Fragment>
          ))}
        </div>
      ))}
    </div>
  );
}
