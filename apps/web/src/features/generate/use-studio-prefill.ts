import type { TaskRequest } from '@lumen/contracts/tasks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../shared/session/session-store';
import { toast } from '../../shared/ui/toast';
import { getRemixSource } from './api/get-remix-source';
import { getTaskResult } from './api/get-task-result';
import { pngFileFrom } from './png-file-from';
import type { PickedImage } from './components/image-input';
import { readStudioPrefill, type StudioPrefill } from './studio-prefill';
import { mediaOf, studioTaskTypes, type StudioKind } from './task-kinds';
import {
  checkImageSize,
  precheckImage,
  taskImageRules,
  uploadImage,
  type ImageRules,
} from './upload-image';

/** The prefill the studio was opened with; read once, so editing the fields is not undone. */
export function useStudioPrefill(): StudioPrefill {
  const [params] = useSearchParams();
  const [prefill] = useState(() => readStudioPrefill(params));
  return prefill;
}

/**
 * "Image to image" from a community work (`onReady` should be stable, e.g. a state setter): its picture becomes the user's own uploaded
 * reference (checked like any upload), and the run names the work as `remix_of`, so the
 * server applies the §6 remix rule.
 */
export function useRemixReference(prefill: StudioPrefill, onReady: (image: PickedImage) => void) {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.user !== null);
  const { remixOf, referenceFromWork } = prefill;

  useEffect(() => {
    if (!referenceFromWork || !remixOf || !signedIn) return undefined;
    let cancelled = false;
    void (async () => {
      try {
        const work = await getRemixSource(remixOf);
        if (work.kind !== 'image') return;
        const file = await pngFileFrom(work.media.url);
        const size = await precheckImage(file, taskImageRules);
        const uploaded = await uploadImage(file, size);
        if (!cancelled) onReady({ ...uploaded, previewUrl: URL.createObjectURL(file) });
      } catch {
        if (!cancelled) toast({ type: 'error', message: t('generate.upload.failed') });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [remixOf, referenceFromWork, signedIn, t, onReady]);
}

/**
 * "Image to image" and "image to video" from one of the user's own results
 * (`?from=<task id>:<index>`): the result itself becomes the reference by its media key, with
 * no upload. It is checked against the tool's rules here; the server checks that it is the
 * user's when the run is submitted. `onReady` should be stable, e.g. a state setter.
 */
export function useOutputReference(
  prefill: StudioPrefill,
  rules: ImageRules,
  onReady: (image: PickedImage) => void,
) {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.user !== null);
  const from = prefill.referenceFromOutput;
  const taskId = from?.taskId;
  const index = from?.index;

  useEffect(() => {
    if (taskId === undefined || index === undefined || !signedIn) return undefined;
    let cancelled = false;
    void (async () => {
      try {
        const task = await getTaskResult('img2img', taskId);
        const output = task.sub_task_results.find((s, i) => (s.index ?? i) === index);
        const url = output?.thumb_url ?? output?.url;
        if (!output?.image || !output.width || !output.height || !url) {
          throw new Error('not an image result');
        }
        const size = { width: output.width, height: output.height };
        const problem = checkImageSize(size, rules);
        if (cancelled) return;
        if (problem) {
          toast({ type: 'error', message: t(`generate.upload.${problem.key}`, problem.values) });
          return;
        }
        onReady({ key: output.image, ...size, previewUrl: url });
      } catch {
        if (!cancelled) toast({ type: 'error', message: t('generate.upload.unreadable') });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [taskId, index, rules, signedIn, t, onReady]);
}

/** A run's request and its pictures, as a studio takes them back into its fields. */
export interface RecreateSource {
  taskType: string;
  request: TaskRequest;
  /** The request's images still stored, in its order; an input gone leaves the field empty. */
  images: (PickedImage | null)[];
}

/**
 * "Recreate" and "reuse seed" from the library (`?recreate=<task id>`, with `&seed=` to keep
 * the seed): the studio's fields take the run's own request, pictures included, so nothing
 * the run was made with is lost. `apply` should be stable (useCallback).
 */
export function useRecreateSource(
  prefill: StudioPrefill,
  kind: StudioKind,
  apply: (source: RecreateSource) => void,
) {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.user !== null);
  const taskId = prefill.recreateFrom;

  useEffect(() => {
    if (taskId === undefined || !signedIn) return undefined;
    let cancelled = false;
    void (async () => {
      try {
        const task = await getTaskResult(studioTaskTypes[kind][0], taskId);
        if (cancelled) return;
        if (!task.request || mediaOf(task.task_type) !== kind) throw new Error('not recreatable');
        const stored = new Map((task.inputs ?? []).map((input) => [input.key, input]));
        const images = task.request.images.map((key) => {
          const input = stored.get(key);
          return input?.width && input.height
            ? {
                key,
                width: input.width,
                height: input.height,
                previewUrl: input.thumb_url ?? input.url,
              }
            : null;
        });
        apply({ taskType: task.task_type, request: task.request, images });
      } catch {
        if (!cancelled) toast({ type: 'error', message: t('generate.result.recreateUnavailable') });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [taskId, kind, signedIn, t, apply]);
}
