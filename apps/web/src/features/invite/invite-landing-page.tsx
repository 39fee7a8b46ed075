import { Alert, Button, Card, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '../../shared/session/session-store';
import { useInviteInfo } from './api/get-invite-info';
import { storeInviteCode } from './invite-code';
import classes from './invite-page.module.css';

/**
 * Where an invite link lands (`/invite/{code}`): keeps the code for sign-up, shows the discount
 * it brings, and sends a visitor who signs up here on to the plans.
 */
export function InviteLandingPage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const signedIn = useSession((s) => s.user !== null);
  const openLogin = useSession((s) => s.openLogin);
  const info = useInviteInfo(code);
  const wasSignedIn = useRef(signedIn);

  useEffect(() => {
    storeInviteCode(code);
  }, [code]);

  // Signing up from this page continues to the plans, where the discount applies.
  useEffect(() => {
    if (signedIn && !wasSignedIn.current) void navigate('/pay');
    wasSignedIn.current = signedIn;
  }, [signedIn, navigate]);

  return (
    <Center py={{ base: 'md', sm: 60 }}>
      <Card radius="lg" padding="xl" maw={520} w="100%" className={classes.hero}>
        <Stack gap="md" align="center" ta="center">
          <ThemeIcon size={64} radius="xl" variant="white" color="violet">
            <IconGift size={34} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 30 }} c="white">
            {t('invite.landing.title')}
          </Title>
          {info.isError ? (
            <Alert color="yellow" variant="white" radius="md">
              {t('invite.landing.invalid')}
            </Alert>
          ) : (
            <Text className={classes.muted}>
              {info.data
                ? t('invite.landing.body', { percent: info.data.discount })
                : t('invite.landing.bodyLoading')}
            </Text>
          )}
          {signedIn ? (
            <>
              <Text size="sm" className={classes.muted}>
                {t('invite.landing.signedIn')}
              </Text>
              <Button component={Link} to="/pay" variant="white" color="violet" radius="xl">
                {t('invite.landing.seePlans')}
              </Button>
            </>
          ) : (
            <Button
              size="md"
              variant="white"
              color="violet"
              radius="xl"
              onClick={() => openLogin()}
            >
              {t('invite.landing.signUp')}
            </Button>
          )}
        </Stack>
      </Card>
    </Center>
  );
}
