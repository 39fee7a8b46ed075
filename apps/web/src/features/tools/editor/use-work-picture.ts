import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import { toast } from '../../../shared/ui/toast';
import { getRemixSource } from '../../generate/api/get-remix-source';
import { pngFileFrom } from '../../generate/png-file-from';
import type { EditorPicture } from './editor-steps';

/**
 * "Edit" on a community work (`/studio/edit?work=<id>`): the work's picture is copied into
 * the user's own uploads (checked like any upload) and opened, and runs on it name the work
 * as `remix_of`, so the server applies the remix rule and the result keeps its source. A
 * visitor is asked to sign in first, and the picture opens once they have.
 */
export function useWorkPicture(
  workId: string | null,
  open: (file: File, from: Pick<EditorPicture, 'remixOf'>) => void,
): void {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.user !== null);

  useEffect(() => {
    if (!workId) return undefined;
    if (!signedIn) {
      useSession.getState().openLogin();
      return undefined;
    }
    let cancelled = false;
    void (async () => {
      try {
        const work = await getRemixSource(workId);
        if (work.kind !== 'image') {
          if (!cancelled) toast({ type: 'error', message: t('tools.editor.workNotImage') });
          return;
        }
        const file = await pngFileFrom(work.media.url);
        if (!cancelled) open(file, { remixOf: work.work_id });
      } catch {
        if (!cancelled) toast({ type: 'error', message: t('generate.upload.failed') });
      }
    })();
    return () => {
      cancelled = true;
    };
    // `open` uploads with the tool chosen at the time; the picture is fetched once per work.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [workId, signedIn, t]);
}
