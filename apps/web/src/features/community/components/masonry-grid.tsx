import { useElementSize } from '@mantine/hooks';
import { Fragment, useMemo, type ReactNode } from 'react';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile';
import { columnCountFor, distributeMasonry, MASONRY_COLUMNS } from '../masonry';
import classes from './masonry-grid.module.css';

/** The row under each picture (author, like), as a share of the column width. */
const CAPTION_SHARE = 0.14;

interface MasonryGridProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  /** Height ÷ width of the item's picture. */
  aspectOf: (item: T) => number;
  renderItem: (item: T) => ReactNode;
}

interface ColumnsProps<T> extends MasonryGridProps<T> {
  columns: number;
}

function Columns<T>({ items, getKey, aspectOf, renderItem, columns }: ColumnsProps<T>) {
  const placed = useMemo(
    () => distributeMasonry(items, columns, (item) => aspectOf(item) + CAPTION_SHARE),
    [items, columns, aspectOf],
  );
  return (
    <div className={classes.grid} data-columns={columns}>
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

/**
 * Columns of pictures in their own shapes, filled shortest-first (see masonry.ts). The column
 * count follows the measured width. Before there is a width to measure (HTML rendered on the
 * server, and the render that hydrates it), a phone gets its two columns, and a wider screen
 * gets the layout for every column count, of which CSS container queries show the one the
 * measurement will pick: the cards are in place from the first paint and do not move when the
 * app takes over.
 */
export function MasonryGrid<T>(props: MasonryGridProps<T>) {
  const { ref, width } = useElementSize();
  const isMobile = useIsMobile();
  const measured = width > 0;
  return (
    <div ref={ref} className={classes.frame} data-measured={measured || isMobile}>
      {measured || isMobile ? (
        <Columns {...props} columns={columnCountFor(width)} />
      ) : (
        MASONRY_COLUMNS.map((columns) => <Columns key={columns} {...props} columns={columns} />)
      )}
    </div>
  );
}
