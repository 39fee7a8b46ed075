import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import { toast } from '../../../shared/ui/toast';
import { getTaskResult } from '../api/get-task-result';
import type { PickedImage } from '../components/image-input';
import type { StudioPrefill } from '../studio-prefill';
import { readClipFacts } from './upload-media';
import type { PickedClip } from './video-input';

export interface OutputMediaTargets {
  /** Set when the mode takes a clip and the output is one. */
  onClip?: (clip: PickedClip) => void;
  /** Set when the mode takes a picture and the output is one. */
  onPicture?: (picture: PickedImage) => void;
}

/**
 * A video tool opened from one of the user's results (`?mode=…&from=<task id>:<index>`): the
 * output becomes the mode's clip or picture by its media key, nothing uploaded again; the
 * gateway checks the rules and that it is the user's when the run is sent. The callbacks
 * should be stable (state setters).
 */
export function useOutputMedia(prefill: StudioPrefill, { onClip, onPicture }: OutputMediaTargets) {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.user !== null);
  const taskId = prefill.referenceFromOutput?.taskId;
  const index = prefill.referenceFromOutput?.index;

  useEffect(() => {
    if (taskId === undefined || index === undefined || !signedIn) return undefined;
    let cancelled = false;
    void (async () => {
      try {
        const task = await getTaskResult('video_diffusion', taskId);
        const output = task.sub_task_results.find((s, i) => (s.index ?? i) === index);
        if (!output?.url || !output.width || !output.height) throw new Error('no output');
        if (output.video && onClip) {
          const facts = await readClipFacts(output.url, null);
          if (cancelled) return;
          onClip({
            key: output.video,
            url: output.url,
            bytes: null,
            durationS: facts?.durationS ?? Number.NaN,
            width: output.width,
            height: output.height,
          });
          return;
        }
        if (output.image && onPicture) {
          if (cancelled) return;
          onPicture({
            key: output.image,
            width: output.width,
            height: output.height,
            previewUrl: output.thumb_url ?? output.url,
          });
          return;
        }
        throw new Error('not for this mode');
      } catch {
        if (!cancelled) toast({ type: 'error', message: t('videoStudio.prefill.unusable') });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [taskId, index, signedIn, t, onClip, onPicture]);
}
