import { ErrorCode } from '@lumen/contracts/error-codes';
import { Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconMail, IconUser } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/toast';
import { register } from '../api/register';
import { emptyRegisterValues, validateRegister, type RegisterValues } from '../register-validation';
import { completeSignIn } from '../session/sign-in';
import { LegalConsent } from './legal-consent';

type Field = keyof RegisterValues;

const serverFields: Record<string, Field> = {
  username: 'username',
  email: 'email',
  password: 'password',
  confirm_password: 'confirmPassword',
  agree_terms: 'agreeTerms',
};

/** Username and password sign-up with the spec §5 rules checked as the user types. */
export function RegisterForm({ onSignIn }: { onSignIn: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<RegisterValues>(emptyRegisterValues);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const errors = validateRegister(values);

  const errorOf = (field: Field): string | null => {
    if (serverErrors[field]) return serverErrors[field];
    const key = errors[field];
    return touched[field] && key ? t(key) : null;
  };

  const set = <K extends Field>(field: K, value: RegisterValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({
      username: true,
      email: true,
      password: true,
      confirmPassword: true,
      agreeTerms: true,
    });
    if (Object.keys(errors).length > 0) return;
    setSubmitting(true);
    try {
      const email = values.email.trim();
      completeSignIn(
        await register({
          username: values.username.trim(),
          password: values.password,
          confirmPassword: values.confirmPassword,
          ...(email ? { email } : {}),
        }),
      );
      toast({
        type: 'success',
        message: t(email ? 'register.successVerify' : 'register.success'),
      });
    } catch (error) {
      if (!isApiError(error)) return;
      const found: Partial<Record<Field, string>> = {};
      if (error.code === ErrorCode.usernameExists) found.username = t('register.errors.taken');
      for (const { field, message } of error.fields ?? []) {
        const name = serverFields[field];
        if (name) found[name] = message;
      }
      setServerErrors(found);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('register.username')}
          description={errorOf('username') ? null : t('register.usernameHint')}
          leftSection={<IconUser size={16} />}
          autoComplete="username"
          value={values.username}
          error={errorOf('username')}
          onChange={(event) => set('username', event.currentTarget.value)}
        />
        <TextInput
          type="email"
          label={t('register.email')}
          description={errorOf('email') ? null : t('register.emailHint')}
          leftSection={<IconMail size={16} />}
          autoComplete="email"
          value={values.email}
          error={errorOf('email')}
          onChange={(event) => set('email', event.currentTarget.value)}
        />
        <PasswordInput
          label={t('login.password')}
          description={errorOf('password') ? null : t('register.passwordHint')}
          autoComplete="new-password"
          value={values.password}
          error={errorOf('password')}
          onChange={(event) => set('password', event.currentTarget.value)}
        />
        <PasswordInput
          label={t('register.confirmPassword')}
          autoComplete="new-password"
          value={values.confirmPassword}
          error={errorOf('confirmPassword')}
          onChange={(event) => set('confirmPassword', event.currentTarget.value)}
        />
        <Checkbox
          label={<LegalConsent i18nKey="register.agreeTerms" />}
          checked={values.agreeTerms}
          error={errorOf('agreeTerms')}
          onChange={(event) => set('agreeTerms', event.currentTarget.checked)}
        />
        <Button type="submit" radius="xl" size="md" loading={submitting}>
          {t('register.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('register.haveAccount')}{' '}
          <Anchor component="button" type="button" size="sm" onClick={onSignIn}>
            {t('register.signIn')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
