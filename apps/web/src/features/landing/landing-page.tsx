import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FeatureGrid } from './components/feature-grid';
import { GalleryStrip } from './components/gallery-strip';
import { Hero } from './components/hero';
import { HowItWorks } from './components/how-it-works';
import classes from './landing.module.css';

export function LandingPage() {
  const { t } = useTranslation();
  return (
    <>
      <Hero />
      <GalleryStrip />
      <FeatureGrid />
      <HowItWorks />
      <Container size="xl" pb={80} pt={32}>
        <Stack className={classes.ctaBand} align="center" ta="center" gap="md">
          <Title order={2} c="white" fz={{ base: 24, sm: 34 }}>
            {t('landing.ctaTitle')}
          </Title>
          <Text c="rgba(255,255,255,0.85)" maw={520}>
            {t('landing.ctaBody')}
          </Text>
          <Button
            component={Link}
            to="/studio"
            size="lg"
            radius="xl"
            variant="white"
            color="dark"
            rightSection={<IconArrowRight size={18} />}
          >
            {t('landing.startCreating')}
          </Button>
        </Stack>
      </Container>
    </>
  );
}
