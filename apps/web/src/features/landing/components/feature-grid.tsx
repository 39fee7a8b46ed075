import { Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBox,
  IconCrown,
  IconPhoto,
  IconUsersGroup,
  IconVideo,
  IconWand,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from '../landing.module.css';

const features: { key: string; icon: Icon; gradient: { from: string; to: string } }[] = [
  { key: 'image', icon: IconPhoto, gradient: { from: 'violet', to: 'grape' } },
  { key: 'video', icon: IconVideo, gradient: { from: 'pink', to: 'orange' } },
  { key: 'threeD', icon: IconBox, gradient: { from: 'blue', to: 'cyan' } },
  { key: 'editing', icon: IconWand, gradient: { from: 'teal', to: 'lime' } },
  { key: 'community', icon: IconUsersGroup, gradient: { from: 'indigo', to: 'violet' } },
  { key: 'membership', icon: IconCrown, gradient: { from: 'yellow', to: 'orange' } },
];

export function FeatureGrid() {
  const { t } = useTranslation();
  return (
    <Container size="xl" py={64}>
      <Stack gap="xl">
        <Stack gap={6} align="center" ta="center">
          <Title order={2} fz={{ base: 24, sm: 32 }}>
            {t('landing.featuresTitle')}
          </Title>
          <Text c="dimmed" maw={620}>
            {t('landing.featuresSubtitle')}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {features.map((feature) => (
            <Card
              key={feature.key}
              withBorder
              radius="lg"
              padding="xl"
              className={classes.featureCard}
            >
              <Stack gap="sm">
                <ThemeIcon
                  size={48}
                  radius="md"
                  variant="gradient"
                  gradient={{ ...feature.gradient, deg: 135 }}
                >
                  <feature.icon size={26} stroke={1.6} />
                </ThemeIcon>
                <Title order={3} fz="lg">
                  {t(`landing.features.${feature.key}.title`)}
                </Title>
                <Text size="sm" c="dimmed">
                  {t(`landing.features.${feature.key}.body`)}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
