import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadPrerenderedPages, PRERENDER_VARY } from '../../lib/prerendered-pages';
import type { Community } from './community.module';
import type { WorkRow } from './community.schema';
import {
  createIndexReader,
  GENERIC_DESCRIPTION,
  GENERIC_TITLE,
  injectShareTags,
} from './share-page';

const workParams = z.object({ work_id: z.string().max(40) });
const DESCRIPTION_MAX = 200;

/**
 * Share links (spec §3 share link): `/w/{work_id}` answers the web app's page with Open Graph
 * and Twitter tags so the link unfurls; the app then shows the work. `/w/{work_id}/image` is a
 * stable absolute address for `og:image` that redirects to a fresh signed URL.
 */
export const shareRoutes: FastifyPluginAsyncZod<{
  community: Community;
  webDistDir: string;
  publicUrl: string;
}> = async (app, { community, webDistDir, publicUrl }) => {
  const readIndex = createIndexReader(webDistDir);
  const prerendered = loadPrerenderedPages(webDistDir);

  async function approvedWork(id: string): Promise<WorkRow | null> {
    if (!/^[1-9]\d{0,17}$/.test(id)) return null;
    return community.works.getVisible(Number(id), null).catch(() => null);
  }

  app.get(
    '/w/:work_id',
    {
      schema: {
        tags: ['community'],
        summary: "A work's share link: the web app's page with Open Graph and Twitter tags",
        params: workParams,
      },
    },
    async (request, reply) => {
      const work = await approvedWork(request.params.work_id);
      // The work page's frame, prerendered, paints before the app runs (decision 31).
      const prerenderedPage = work
        ? prerendered.find(request.url.split('?')[0] ?? '', request.headers)
        : null;
      const page = await readIndex(prerenderedPage ?? undefined);
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      if (prerenderedPage) reply.header('vary', PRERENDER_VARY);
      if (!work) {
        return reply.status(404).send(
          injectShareTags(page, {
            title: GENERIC_TITLE,
            description: GENERIC_DESCRIPTION,
            url: `${publicUrl}/`,
            image: null,
            type: 'website',
          }),
        );
      }
      const [author] = await community.cards.authorsOf([work.userId]).then((m) => [...m.values()]);
      const byline = author ? `by ${author.nickname} on Lumen` : 'on Lumen';
      const text = work.description || byline;
      return reply.send(
        injectShareTags(page, {
          title: work.title,
          description:
            [...text].length > DESCRIPTION_MAX
              ? `${[...text].slice(0, DESCRIPTION_MAX).join('')}…`
              : text,
          url: `${publicUrl}/w/${work.id}`,
          image: `${publicUrl}/w/${work.id}/image`,
          type: work.kind === 'video' ? 'video.other' : 'article',
        }),
      );
    },
  );

  app.get(
    '/w/:work_id/image',
    {
      schema: {
        tags: ['community'],
        summary: "A shared work's preview image (redirects to a signed URL)",
        params: workParams,
      },
    },
    async (request, reply) => {
      const work = await approvedWork(request.params.work_id);
      const url = work ? await community.cards.thumbOf(work) : '';
      if (!url) return reply.status(404).type('text/plain').send('Not found');
      return reply.header('cache-control', 'public, max-age=300').redirect(url, 302);
    },
  );
};
