import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Outside the API's prefixes: the previews are media files, not envelopes. */
export const EFFECT_PREVIEWS_PATH = '/effect-previews';

type Preview = { video: Buffer; poster: Buffer };

/**
 * The templates screen's looping clips: each effect template without a clip of its own is
 * shown by `renderPreview` (the CPU engine's effect on a shipped sample picture), made once per
 * process on first request and kept in memory. Only templates the algo config has enabled
 * (`isTemplate`) are made, one at a time, so a full grid asking at once does not start twelve
 * renders side by side. `GET /effect-previews/<key>.mp4` is the clip, `<key>.jpg` its poster.
 */
export const effectPreviewsRoutes: FastifyPluginAsyncZod<{
  renderPreview: (key: string) => Promise<Preview | undefined>;
  isTemplate: (key: string) => Promise<boolean>;
}> = async (app, { renderPreview, isTemplate }) => {
  const previews = new Map<string, Promise<Preview | undefined>>();
  let queue: Promise<unknown> = Promise.resolve();
  const previewOf = (key: string): Promise<Preview | undefined> => {
    let made = previews.get(key);
    if (!made) {
      made = queue.then(() => renderPreview(key));
      queue = made.catch(() => undefined);
      // A failed render is tried again on the next request rather than remembered.
      made.catch(() => previews.delete(key));
      previews.set(key, made);
    }
    return made;
  };

  app.get(
    `${EFFECT_PREVIEWS_PATH}/:file`,
    {
      schema: {
        hide: true,
        params: z.object({ file: z.string().max(80) }),
      },
    },
    async (request, reply) => {
      const match = /^([a-z0-9][a-z0-9-]{0,63})\.(mp4|jpg)$/.exec(request.params.file);
      const key = match?.[1];
      const notFound = () => reply.status(404).type('text/plain').send('Not found');
      if (!key || !(await isTemplate(key))) return notFound();
      const preview = await previewOf(key);
      if (!preview) return notFound();
      const video = match[2] === 'mp4';
      return reply
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .type(video ? 'video/mp4' : 'image/jpeg')
        .send(video ? preview.video : preview.poster);
    },
  );
};
