import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FeatureGrid } from './components/feature-grid';
import { GalleryStrip } from './components/gallery-strip';
import { Hero } from './components/hero';
import { HowItWorks } from './components/how-it-works';
import classes from './landing.module.css';
import { studioAddress, useOpenStudio } from './use-open-studio';

export function LandingPage() {
  const { t } = useTranslation();
  const openStudio = useOpenStudio();
  return (
    <>
      <Hero openStudio={openStudio} />
      <GalleryStrip openStudio={openStudio} />
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
            to={studioAddress('image')}
            onClick={(event: MouseEvent) => {
              event.preventDefault();
              openStudio(studioAddress('image'));
            }}
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
