import { Button, Stack } from '@mantine/core';
import {
  IconBrandApple,
  IconBrandDiscord,
  IconBrandFacebook,
  IconBrandGoogle,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/toast';
import type { SocialProvider } from '../api/login';
import type { OAuthProvider } from '../api/oauth-providers';
import { signInWith } from '../session/sign-in';
import { credentialsFor, SocialLoginCancelled, waitForOAuthAnswer } from '../social-login';

const looks: Record<SocialProvider, { label: string; icon: ReactNode }> = {
  google: { label: 'Google', icon: <IconBrandGoogle size={18} /> },
  discord: { label: 'Discord', icon: <IconBrandDiscord size={18} /> },
  apple: { label: 'Apple', icon: <IconBrandApple size={18} /> },
  facebook: { label: 'Facebook', icon: <IconBrandFacebook size={18} /> },
};

/** One button per provider the server has set up (the dialog leaves Google out on partner links). */
export function SocialButtons({ providers }: { providers: OAuthProvider[] }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<SocialProvider | null>(null);

  const signIn = async (provider: OAuthProvider) => {
    setPending(provider.provider);
    try {
      const answer = await waitForOAuthAnswer(provider.provider);
      await signInWith(credentialsFor(provider, answer));
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
      {providers.map((p) => (
        <Button
          key={p.provider}
          variant="default"
          radius="xl"
          size="md"
          leftSection={looks[p.provider].icon}
          loading={pending === p.provider}
          disabled={pending !== null && pending !== p.provider}
          onClick={() => void signIn(p)}
        >
          {t('login.continueWith', { provider: looks[p.provider].label })}
        </Button>
      ))}
    </Stack>
  );
}
