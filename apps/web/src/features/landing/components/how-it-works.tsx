import { Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const steps = ['describe', 'generate', 'share'] as const;

export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <Container size="xl" py={48}>
      <Stack gap="xl">
        <Title order={2} fz={{ base: 24, sm: 32 }} ta="center">
          {t('landing.stepsTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          {steps.map((step, index) => (
            <Stack key={step} gap="xs" align="center" ta="center">
              <ThemeIcon size={44} radius="xl" variant="light">
                <Text fw={800}>{index + 1}</Text>
              </ThemeIcon>
              <Title order={3} fz="lg">
                {t(`landing.steps.${step}.title`)}
              </Title>
              <Text size="sm" c="dimmed" maw={320}>
                {t(`landing.steps.${step}.body`)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
