import { envelopeSchema } from '@lumen/contracts/envelope';
import {
  presetVoices,
  voiceIdSchema,
  voiceListSchema,
  type VoiceId,
} from '@lumen/contracts/voices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requestOrigin } from '../../lib/request-origin';

const VOICES_PATH = '/prod-api/content/voices';

/**
 * The preset speakers of lip sync (spec §1): the list, and a short sample of each speaking,
 * made once per process by `speakSample` (the CPU's speech synthesiser) and kept in memory.
 */
export const voicesRoutes: FastifyPluginAsyncZod<{
  speakSample: (voice: VoiceId) => Promise<{ wav: Buffer }>;
  publicUrl: string | null;
}> = async (app, { speakSample, publicUrl }) => {
  const samples = new Map<VoiceId, Promise<Buffer>>();
  const sampleOf = (voice: VoiceId): Promise<Buffer> => {
    let made = samples.get(voice);
    if (!made) {
      made = speakSample(voice).then((s) => s.wav);
      // A failed synthesis is tried again on the next request rather than remembered.
      made.catch(() => samples.delete(voice));
      samples.set(voice, made);
    }
    return made;
  };

  app.get(
    VOICES_PATH,
    {
      schema: {
        tags: ['content'],
        summary: 'The preset voices of lip sync, with a sample of each',
        response: { 200: envelopeSchema(voiceListSchema) },
      },
    },
    async () => {
      const base = publicUrl ?? requestOrigin() ?? '';
      return ok({
        voices: presetVoices.map((v) => ({
          ...v,
          sample_url: `${base}${VOICES_PATH}/${v.id}/sample.wav`,
        })),
      });
    },
  );

  app.get(
    `${VOICES_PATH}/:voice/sample.wav`,
    {
      schema: {
        tags: ['content'],
        summary: 'A short greeting in one preset voice (WAV)',
        params: z.object({ voice: voiceIdSchema }),
      },
    },
    async (request, reply) => {
      const wav = await sampleOf(request.params.voice);
      return reply
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .type('audio/wav')
        .send(wav);
    },
  );
};
