import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../shared/session/session-store';
import { getTask } from '../library/api/get-task';
import { readStudioPrefill } from '../generate/studio-prefill';
import type { PickedClip } from './components/clip-input';

/** The speaker: a portrait (uploaded or from the library) or a clip. */
export type LipSyncSource =
  { kind: 'photo'; key: string; previewUrl: string } | ({ kind: 'clip' } & PickedClip);

/**
 * The speaker a link chose (`?from=<task id>:<index>`, a video's or a picture's "Lip sync"):
 * the result itself, by its media key; the gateway checks that it is the user's and fits.
 */
export function useLinkedSource(onReady: (source: LipSyncSource) => void) {
  const [params] = useSearchParams();
  const [from] = useState(() => readStudioPrefill(params).referenceFromOutput);
  const signedIn = useSession((s) => s.user !== null);
  useEffect(() => {
    if (!from || !signedIn) return undefined;
    let cancelled = false;
    void getTask(from.taskId, 'video', 'task', { silent: true })
      .then((task) => {
        const outputs = task.sub_task_results;
        const output = outputs.find((o) => o.index === from.index) ?? outputs[from.index];
        if (cancelled || !output?.url) return;
        if (output.video) {
          onReady({
            kind: 'clip',
            key: output.video,
            previewUrl: output.url,
            width: output.width ?? 0,
            height: output.height ?? 0,
            durationS: 0,
          });
        } else if (output.image) {
          onReady({ kind: 'photo', key: output.image, previewUrl: output.thumb_url ?? output.url });
        }
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [from, signedIn, onReady]);
}
