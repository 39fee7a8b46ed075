import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { readOAuthCallback } from './social-login';

/**
 * The provider redirects the sign-in pop-up here, with a code in the query or (Google) an ID
 * token in the fragment; the page hands it to the window that opened it (same origin only) and
 * closes. Opened directly, it explains itself instead.
 */
export function OAuthCallbackPage({ provider }: { provider: string }) {
  const { t } = useTranslation();
  const [orphan] = useState(() => {
    const opener = window.opener as Window | null;
    return !opener || opener.closed;
  });

  useEffect(() => {
    if (orphan) return;
    (window.opener as Window).postMessage(
      readOAuthCallback(provider, window.location),
      window.location.origin,
    );
    window.close();
  }, [orphan, provider]);

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder p="xl" radius="lg" maw={420}>
        <Stack gap="sm" ta="center">
          <Title order={1} fz={22}>
            {t('oauth.title')}
          </Title>
          <Text c="dimmed">{orphan ? t('oauth.noOpener') : t('oauth.finishing')}</Text>
          {orphan ? (
            <Button component={Link} to="/" variant="light">
              {t('notFound.home')}
            </Button>
          ) : null}
        </Stack>
      </Paper>
    </Center>
  );
}
