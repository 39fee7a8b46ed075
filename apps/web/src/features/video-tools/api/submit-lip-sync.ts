import { gatewaySubmitResultSchema } from '@lumen/contracts/tasks';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';
import { newRequestId } from '../../../shared/api/request-id';

/** A lip sync: a portrait or a clip, and a voice track or a text in a preset voice. */
export type LipSyncSubmission = {
  source: { kind: 'photo' | 'clip'; key: string };
  speech: { kind: 'audio'; key: string } | { kind: 'text'; text: string; voice: string };
};

export type LipSyncSubmitResult = z.infer<typeof gatewaySubmitResultSchema>;

/** The gateway body of a lip sync (`mouth_speech`). */
export function lipSyncBody({ source, speech }: LipSyncSubmission) {
  return {
    prompt: '',
    images: source.kind === 'photo' ? [source.key] : [],
    videos: source.kind === 'clip' ? [source.key] : [],
    audios: speech.kind === 'audio' ? [speech.key] : [],
    params: speech.kind === 'text' ? { speech_text: speech.text, voice: speech.voice } : {},
  };
}

/**
 * `POST /api/gw/v3/video/mouth_speech/async`. A refusal (the portrait check, 2007 credits,
 * 2020 upgrade) is shown by the API client: a translated message or the pay dialog.
 */
export function submitLipSync(submission: LipSyncSubmission): Promise<LipSyncSubmitResult> {
  return api.post(
    '/api/gw/v3/video/mouth_speech/async',
    { ...lipSyncBody(submission), request_id: newRequestId() },
    { schema: gatewaySubmitResultSchema },
  );
}
