import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { signInWith } from '../session/sign-in';

/** Username (or the account's e-mail) and password; the API client shows a refusal. */
export function PasswordLoginForm({ onCreateAccount }: { onCreateAccount: () => void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setMissing(true);
      return;
    }
    setSubmitting(true);
    try {
      await signInWith({ username: username.trim(), password });
    } catch {
      // The API client has shown the server's message (3001 login failed, 1029 too many tries).
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('login.username')}
          leftSection={<IconUser size={16} />}
          autoComplete="username"
          value={username}
          error={missing && !username.trim() ? t('login.required') : null}
          onChange={(event) => setUsername(event.currentTarget.value)}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          value={password}
          error={missing && !password ? t('login.required') : null}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Button type="submit" radius="xl" size="md" loading={submitting}>
          {t('login.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('login.noAccount')}{' '}
          <Anchor component="button" type="button" size="sm" onClick={onCreateAccount}>
            {t('login.createAccount')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
