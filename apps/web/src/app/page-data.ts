import { feedSorts, workKinds, workPageSchema } from '@lumen/contracts/community';
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { seedExploreFeed } from '../features/community/api/feeds';

/** The id of the element that carries a page's data in the HTML the server renders per request. */
export const PAGE_DATA_ELEMENT_ID = 'lumen-page-data';

/**
 * What the server read for a page it rendered with its data (today explore's first page for a
 * visitor), embedded as JSON so the app starts from the same data the HTML shows.
 */
export const pageDataSchema = z.object({
  exploreFeed: z
    .object({
      sort: z.enum(feedSorts),
      kind: z.enum(workKinds).optional(),
      page: workPageSchema,
    })
    .optional(),
});
export type PageData = z.infer<typeof pageDataSchema>;

/** Seeds the query cache with a page's data, where the page's queries will look for it. */
export function seedPageData(client: QueryClient, data: PageData): void {
  if (data.exploreFeed) {
    const { sort, kind, page } = data.exploreFeed;
    seedExploreFeed(client, kind ? { sort, kind } : { sort }, page);
  }
}

/**
 * The data embedded in this document, if any. Data that does not parse is ignored: the page then
 * fetches it as it would without.
 */
export function readPageData(doc: Document): PageData | null {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = pageDataSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
