import { Button, Stack } from '@mantine/core';
import { IconBrandApple, IconBrandDiscord, IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/toast';
import { loginWithOAuthCode, type SocialProvider } from '../api/login';
import { completeSignIn } from '../sign-in';
import { callbackUrl, isGoogleHidden, SocialLoginCancelled, waitForOAuthCode } from '../social-login';

const providers: { id: SocialProvider; label: string; icon: ReactNode }[] = [
  { id: 'google', label: 'Google', icon: <IconBrandGoogle size={18} /> },
  { id: 'discord', label: 'Discord', icon: <IconBrandDiscord size={18} /> },
  { id: 'apple', label: 'Apple', icon: <IconBrandApple size={18} /> },
  { id: 'facebook', label: 'Facebook', icon: <IconBrandFacebook size={18} /> },
];

export function SocialButtons() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<SocialProvider | null>(null);
  const hideGoogle = isGoogleHidden(window.location.search);

  const signIn = async (provider: SocialProvider) => {
    setPending(provider);
    try {
      const code = await waitForOAuthCode(provider);
      const result = await loginWithOAuthCode({ provider, code, redirectUri: callbackUrl(provider) });
      completeSignIn(result);
      toast({ type: 'success', message: t('login.success') });
    } catch (error) {
      // The API client already showed the server's message; a closed pop-up needs none.
      if (!(error instanceof SocialLoginCancelled) && !isApiError(error)) {
        toast({ type: 'error', message: t('login.failed') });
      }
    } finally {
      setPending(null);
    }
  };

  return (
    <Stack gap="xs">
      {providers
        .filter((p) => !(hideGoogle && p.id === 'google'))
        .map((p) => (
          <Button
            key={p.id}
            variant="default"
            radius="xl"
            size="md"
            leftSection={p.icon}
            loading={pending === p.id}
            disabled={pending !== null && pending !== p.id}
            onClick={() => void signIn(p.id)}
          >
            {t('login.continueWith', { provider: p.label })}
          </Button>
        ))}
    </Stack>
  );
}
