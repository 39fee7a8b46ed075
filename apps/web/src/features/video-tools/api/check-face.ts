import { faceCheckResultSchema, type FaceCheckResult } from '@lumen/contracts/face-check';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/**
 * `POST /prod-api/content/face-check`: whether one of the user's pictures or clips shows
 * one clear face. Silent: the screen shows the answer, or the refusal, next to the picture.
 */
export function checkFace(key: string): Promise<FaceCheckResult> {
  return api.post(
    '/prod-api/content/face-check',
    { key },
    { schema: faceCheckResultSchema, silent: true },
  );
}

/** The portrait check of a chosen picture or clip, asked once per file. */
export function useFaceCheck(key: string | null) {
  return useQuery({
    queryKey: ['video-tools', 'face-check', key],
    queryFn: () => checkFace(key ?? ''),
    enabled: key !== null,
    staleTime: Infinity,
    retry: false,
  });
}
