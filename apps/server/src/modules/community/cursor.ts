import { invalidParams } from '../../lib/app-error';

/**
 * Keyset cursors: the sort values of the last row of a page, opaque to clients (base64url JSON).
 * A tampered cursor answers 1001 instead of a wrong page.
 */
export type Cursor = { v: (string | number)[] };

export function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify({ v: values })).toString('base64url');
}

/** The cursor's values, checked against the expected shape ('s' string, 'n' number). */
export function decodeCursor(
  cursor: string | undefined,
  shape: ('s' | 'n')[],
): (string | number)[] | null {
  if (!cursor) return null;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    const values = (parsed as Cursor | null)?.v;
    if (
      Array.isArray(values) &&
      values.length === shape.length &&
      values.every((v, i) =>
        shape[i] === 'n' ? typeof v === 'number' && Number.isFinite(v) : typeof v === 'string',
      )
    ) {
      return values;
    }
  } catch {
    // falls through to the refusal below
  }
  throw invalidParams([{ field: 'cursor', message: 'invalid cursor' }]);
}

/** Splits `limit + 1` fetched rows into a page and the cursor of its last row. */
export function pageOf<T>(
  rows: T[],
  limit: number,
  keyOf: (row: T) => (string | number)[],
): { rows: T[]; nextCursor: string | null } {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  return { rows: page, nextCursor: more && last ? encodeCursor(keyOf(last)) : null };
}
