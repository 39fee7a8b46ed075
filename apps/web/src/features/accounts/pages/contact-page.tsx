import { emailSchema } from '@lumen/contracts/auth';
import {
  Button,
  Card,
  Container,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendContact } from '../api/send-contact';

type Field = 'fullName' | 'email' | 'message';

/** Contact us: open to visitors; full name, e-mail and message are all required. */
export function ContactPage() {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({
    fullName: '',
    email: '',
    message: '',
  });
  const [invalid, setInvalid] = useState<Field[]>([]);
  const [sent, setSent] = useState(false);
  const send = useSendContact();

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setInvalid((current) => current.filter((f) => f !== field));
  };
  const errorOf = (field: Field) => (invalid.includes(field) ? t(`contact.errors.${field}`) : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const email = emailSchema.safeParse(values.email);
    const problems: Field[] = [];
    if (!values.fullName.trim()) problems.push('fullName');
    if (!email.success) problems.push('email');
    if (!values.message.trim()) problems.push('message');
    setInvalid(problems);
    if (problems.length > 0 || !email.success) return;
    send.mutate(
      { full_name: values.fullName.trim(), email: email.data, message: values.message.trim() },
      { onSuccess: () => setSent(true) },
    );
  };

  return (
    <Container size="sm" px={0} mx={0}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('contact.title')}
          </Title>
          <Text c="dimmed">{t('contact.subtitle', { days: 15 })}</Text>
        </Stack>
        <Card withBorder radius="lg" padding="lg">
          {sent ? (
            <Stack align="center" gap="sm" py="lg" ta="center" role="status">
              <ThemeIcon size={48} radius="xl" color="teal" variant="light">
                <IconCircleCheck size={28} />
              </ThemeIcon>
              <Title order={2} fz="lg">
                {t('contact.sentTitle')}
              </Title>
              <Text c="dimmed">{t('contact.sentBody', { days: 15 })}</Text>
            </Stack>
          ) : (
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                <TextInput
                  label={t('contact.fullName')}
                  autoComplete="name"
                  required
                  value={values.fullName}
                  error={errorOf('fullName')}
                  onChange={(e) => set('fullName', e.currentTarget.value)}
                />
                <TextInput
                  type="email"
                  label={t('contact.email')}
                  autoComplete="email"
                  required
                  value={values.email}
                  error={errorOf('email')}
                  onChange={(e) => set('email', e.currentTarget.value)}
                />
                <Textarea
                  label={t('contact.message')}
                  autosize
                  minRows={5}
                  maxLength={5000}
                  required
                  value={values.message}
                  error={errorOf('message')}
                  onChange={(e) => set('message', e.currentTarget.value)}
                />
                <Group justify="flex-end">
                  <Button type="submit" loading={send.isPending}>
                    {t('contact.submit')}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Card>
      </Stack>
    </Container>
  );
}
