import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { useSectionTexts } from '../../../shared/i18n/section-texts';
import { PageLoader } from '../../../shared/ui/page-loader';
import { minorsTexts } from './minors-texts';
import { decideGuardianLink, getGuardianLink } from './minors-api';

/**
 * `/guardian?token=…`: where the link e-mailed to a child's guardian leads. Public: the token
 * is the credential, and the guardian has no account. Opening the page decides nothing; only
 * a button press does, so a mail scanner following the link cannot consent for anyone.
 */
export function GuardianPage() {
  const ready = useSectionTexts(minorsTexts);
  return ready ? <GuardianConsent /> : <PageLoader />;
}

function GuardianConsent() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useQuery({
    queryKey: ['guardian-link', token],
    queryFn: () => getGuardianLink(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
  const decide = useMutation({
    mutationFn: (decision: 'confirm' | 'decline') => decideGuardianLink(token, decision),
  });

  const formatDate = (iso: string, withTime: boolean) =>
    new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'long',
      ...(withTime ? { timeStyle: 'short' } : { timeZone: 'UTC' }),
    }).format(new Date(withTime ? iso : `${iso}T12:00:00Z`));

  let body;
  if (!token) {
    body = <Alert color="gray">{t('minors.page.missing')}</Alert>;
  } else if (link.isPending) {
    body = <PageLoader />;
  } else if (decide.data) {
    body = (
      <Alert color={decide.data.consent === 'granted' ? 'teal' : 'gray'} role="status">
        {decide.data.consent === 'granted'
          ? t('minors.page.confirmed', { nickname: link.data?.nickname ?? '' })
          : t('minors.page.declinedDone')}
      </Alert>
    );
  } else if (link.isError || !link.data) {
    body = (
      <Alert color="orange" role="alert">
        {t('minors.page.invalid')}
      </Alert>
    );
  } else {
    const view = link.data;
    body = (
      <Stack gap="md">
        <Text>
          {t('minors.page.intro', {
            nickname: view.nickname,
            birthDate: formatDate(view.birth_date, false),
          })}
        </Text>
        <Text>{t('minors.page.what')}</Text>
        <Text size="sm" c="dimmed">
          {t('minors.page.expires', { date: formatDate(view.expires_at, true) })}
        </Text>
        {decide.isError && (
          <Alert color="orange" role="alert">
            {isApiError(decide.error) && decide.error.msg
              ? decide.error.msg
              : t('minors.page.invalid')}
          </Alert>
        )}
        <Group wrap="wrap">
          <Button
            onClick={() => decide.mutate('confirm')}
            loading={decide.isPending && decide.variables === 'confirm'}
            disabled={decide.isPending}
          >
            {t('minors.page.confirm')}
          </Button>
          <Button
            variant="default"
            onClick={() => decide.mutate('decline')}
            loading={decide.isPending && decide.variables === 'decline'}
            disabled={decide.isPending}
          >
            {t('minors.page.decline')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={640} mx="auto" pb="xl">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t('minors.page.title')}
      </Title>
      <Card withBorder radius="lg" padding="lg">
        {body}
      </Card>
      <Anchor component={Link} to="/privacy#children" size="sm">
        {t('minors.page.privacy')}
      </Anchor>
    </Stack>
  );
}
