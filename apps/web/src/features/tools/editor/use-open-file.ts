import { imageRulesOf, type ToolId } from '@lumen/contracts/tools';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import { ImageCheckError, precheckImage, uploadImage } from '../../generate/upload-image';
import type { EditorPicture } from './editor-steps';

/**
 * Opens a file as the picture to edit: checked first against the chosen tool's picture rules
 * (type, file size, sides, shape) with the reason in the user's language, then uploaded the
 * way the studios upload. Visitors are asked to sign in, since uploads belong to an account.
 */
export function useOpenFile(tool: ToolId, onOpened: (picture: EditorPicture) => void) {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.user !== null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function open(file: File, from: Pick<EditorPicture, 'remixOf'> = {}) {
    if (!signedIn) {
      useSession.getState().openLogin();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const size = await precheckImage(file, imageRulesOf(tool));
      const uploaded = await uploadImage(file, size);
      onOpened({ ...uploaded, ...from, url: URL.createObjectURL(file) });
    } catch (problem) {
      setError(
        problem instanceof ImageCheckError
          ? problem.problem.key === 'failed' && problem.message !== 'failed'
            ? problem.message
            : t(`generate.upload.${problem.problem.key}`, problem.problem.values)
          : t('generate.upload.failed'),
      );
    } finally {
      setBusy(false);
    }
  }

  return {
    open: (file: File, from?: Pick<EditorPicture, 'remixOf'>) => void open(file, from),
    busy,
    error,
  };
}
