import { Alert, Anchor, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../shared/session/session-store';

/** Remembers, on this browser, that the user closed the explanation. */
export const PREVIEW_EXPLAINED_KEY = 'lumen.previewExplained';

function readExplained(): boolean {
  try {
    return window.localStorage.getItem(PREVIEW_EXPLAINED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Said once, at the first preview a user gets: this server has no AI model connected, so the
 * results are sketches of the prompt, and where an admin connects one. Closed, it stays closed
 * on this browser; the "Preview" badge on each card still says it.
 */
export function PreviewExplainer() {
  const { t } = useTranslation();
  const isAdmin = useSession((s) => s.user?.isAdmin ?? false);
  const [explained, setExplained] = useState(readExplained);
  if (explained) return null;
  const close = () => {
    setExplained(true);
    try {
      window.localStorage.setItem(PREVIEW_EXPLAINED_KEY, '1');
    } catch {
      // Private browsing without storage: closed for this visit only.
    }
  };
  return (
    <Alert
      variant="light"
      color="blue"
      radius="md"
      mb="md"
      icon={<IconInfoCircle size={18} aria-hidden="true" />}
      title={t('generate.previewExplainer.title')}
      withCloseButton
      closeButtonLabel={t('generate.previewExplainer.close')}
      onClose={close}
      data-testid="preview-explainer"
    >
      <Text size="sm">{t('generate.previewExplainer.body')}</Text>
      <Text size="sm" mt={6}>
        {isAdmin ? (
          <Anchor component={Link} to="/admin/engines">
            {t('generate.previewExplainer.adminLink')}
          </Anchor>
        ) : (
          t('generate.previewExplainer.admins')
        )}
      </Text>
    </Alert>
  );
}
