import { apiPaths } from '@lumen/contracts/api-paths';
import { VERSION_POLL_MS } from '@lumen/contracts/constants';
import { versionInfoSchema } from '@lumen/contracts/system';
import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { i18n } from '../i18n/i18n';

export const VERSION_NOTIFICATION_ID = 'version-update';

async function fetchVersion(): Promise<string | null> {
  try {
    // The query string defeats proxies that ignore no-store; the build must never be cached here.
    const response = await fetch(`${apiPaths.version}?t=${Date.now()}`, { cache: 'no-store' });
    if (!response.ok) return null;
    const parsed = versionInfoSchema.safeParse(await response.json());
    return parsed.success ? parsed.data.version : null;
  } catch {
    // Offline or the server is restarting: the next poll tries again.
    return null;
  }
}

/**
 * Spec §4: polls the deployed version every 60 s; once it differs from the first one seen,
 * a persistent warning offers a reload. It is not a toast, so Escape does not dismiss it.
 */
export function useVersionPoll(): void {
  const firstVersion = useRef<string | null>(null);
  const warned = useRef(false);

  useEffect(() => {
    let cancelled = false;
    const check = async () => {
      const version = await fetchVersion();
      if (cancelled || version === null) return;
      if (firstVersion.current === null) {
        firstVersion.current = version;
        return;
      }
      if (version === firstVersion.current || warned.current) return;
      warned.current = true;
      notifications.show({
        id: VERSION_NOTIFICATION_ID,
        color: 'yellow',
        autoClose: false,
        withCloseButton: false,
        allowClose: false,
        title: i18n.t('version.title'),
        message: (
          <Text size="sm">
            {i18n.t('version.message')}{' '}
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => window.location.reload()}
            >
              {i18n.t('version.reload')}
            </Anchor>
          </Text>
        ),
      });
    };
    void check();
    const timer = window.setInterval(() => void check(), VERSION_POLL_MS);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, []);
}
