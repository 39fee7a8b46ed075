import fs from 'node:fs/promises';
import path from 'node:path';
import type { IncomingHttpHeaders } from 'node:http';
import { feedSorts, workKinds, type FeedSort, type WorkKind } from '@lumen/contracts/community';
import type { PageRenderer } from '../../lib/page-renderer';
import { chooseLanguage, chooseViewport } from '../../lib/prerendered-pages';
import type { FeedService } from './feed.service';

/** The web app's first page of a feed (apps/web features/community/api/feeds.ts). */
const FIRST_PAGE_SIZE = 24;
/** The first cards' pictures, preloaded from the head. */
const PRELOADED_PICTURES = 2;
/** Rendered pages kept, by template and feed content; a few per language, screen and filter. */
const PAGES_KEPT = 64;
/** Where the prerendered HTML's `#root` ends (apps/web/scripts/prerender.mjs writes it). */
const ROOT_END = '</div><!--lumen-root-end-->';
const ROOT_START = '<div id="root">';
/** The element the web app reads the page's data from (apps/web/src/app/page-data.ts). */
const PAGE_DATA_ID = 'lumen-page-data';

/** JSON that can sit inside a `<script>` element: nothing in it can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** The sort and kind the app will show for these query parameters (its use-feed-params.ts). */
function feedFilterOf(search: URLSearchParams): { sort: FeedSort; kind?: WorkKind } {
  const sort = search.get('sort');
  const kind = search.get('kind');
  return {
    sort: feedSorts.includes(sort as FeedSort) ? (sort as FeedSort) : 'new',
    ...(workKinds.includes(kind as WorkKind) ? { kind: kind as WorkKind } : {}),
  };
}

/**
 * `/explore` for a visitor, rendered per request with the first page of the feed: the cards
 * (or the empty state) are in the HTML, a preload fetches the first card's picture alongside
 * it, and the page's data rides along for the app to start from
 * (docs/decisions/0044-explore-rendered-with-its-feed.md). The feed page comes from the shared
 * visitor cache, so this reads the database at most once per filter every few seconds; the
 * rendered HTML is kept by the feed page's entity tag, so an unchanged feed renders once.
 */
export function createExplorePage(deps: {
  feed: FeedService;
  renderer: PageRenderer;
  webDistDir: string;
}) {
  const templates = new Map<string, Promise<string>>();
  const rendered = new Map<string, Promise<string>>();

  function template(file: string): Promise<string> {
    let text = templates.get(file);
    if (!text) {
      text = fs.readFile(path.join(deps.webDistDir, file), 'utf8');
      templates.set(file, text);
      text.catch(() => templates.delete(file));
    }
    return text;
  }

  async function compose(
    file: string,
    url: string,
    headers: IncomingHttpHeaders,
    data: { exploreFeed: { sort: FeedSort; kind?: WorkKind; page: unknown } },
    pictures: string[],
  ): Promise<string> {
    const doc = await template(file);
    const start = doc.indexOf(ROOT_START);
    const end = doc.indexOf(ROOT_END);
    if (start < 0 || end < start) throw new Error(`${file} has no marked #root`);
    const { html } = await deps.renderer.render(
      url,
      chooseLanguage(headers),
      chooseViewport(headers),
      data,
    );
    const preload = pictures
      .map(
        (picture) =>
          `<link rel="preload" as="image" href="${escapeAttribute(picture)}" fetchpriority="high">\n  `,
      )
      .join('');
    const head = doc.slice(0, start).replace('</head>', `${preload}</head>`);
    return (
      `${head}${ROOT_START}${html}${ROOT_END}` +
      `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(data)}</script>` +
      doc.slice(end + ROOT_END.length)
    );
  }

  return {
    /**
     * The page for a visitor's request, made from `file` (the prerendered explore page in
     * their language, for their screen), or null where the prerendered page serves as it is:
     * the following tab, which asks a visitor to sign in.
     */
    async render(
      file: string,
      rawUrl: string,
      headers: IncomingHttpHeaders,
    ): Promise<string | null> {
      const search = new URLSearchParams(rawUrl.split('?')[1] ?? '');
      const filter = feedFilterOf(search);
      if (filter.sort === 'following') return null;
      const { page, tag } = await deps.feed.explore(null, {
        ...filter,
        limit: FIRST_PAGE_SIZE,
      });
      // Other parameters change nothing on the page, so they neither render nor keep copies.
      const query = new URLSearchParams();
      if (filter.sort !== 'new') query.set('sort', filter.sort);
      if (filter.kind) query.set('kind', filter.kind);
      const url = `/explore${query.size > 0 ? `?${query.toString()}` : ''}`;
      const key = JSON.stringify([file, url, tag]);
      let html = rendered.get(key);
      if (!html) {
        // A phone's first row: one of them is likely the largest paint (the web's work-feed.tsx).
        const pictures = page.data
          .slice(0, PRELOADED_PICTURES)
          .map((work) => work.media.poster_url ?? work.media.thumb_url);
        html = compose(file, url, headers, { exploreFeed: { ...filter, page } }, pictures);
        rendered.set(key, html);
        html.catch(() => rendered.delete(key));
        while (rendered.size > PAGES_KEPT) rendered.delete(rendered.keys().next().value!);
      }
      return html;
    },
  };
}

export type ExplorePage = ReturnType<typeof createExplorePage>;
