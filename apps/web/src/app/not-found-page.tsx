import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={96}>
      <Stack align="center" gap="md" ta="center">
        <Text
          component="p"
          fw={900}
          fz={{ base: 88, sm: 120 }}
          lh={1}
          variant="gradient"
          gradient={{ from: 'violet', to: 'pink', deg: 120 }}
          m={0}
        >
          404
        </Text>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('notFound.title')}
        </Title>
        <Text c="dimmed" maw={420}>
          {t('notFound.body')}
        </Text>
        <Button
          component={Link}
          to="/"
          leftSection={<IconArrowLeft size={16} />}
          radius="xl"
          mt="sm"
        >
          {t('notFound.home')}
        </Button>
      </Stack>
    </Container>
  );
}
