import {
  Badge,
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { artworks } from '../artworks';
import classes from '../landing.module.css';
import { ArtTile } from './art-tile';

const collageIds = ['aurora', 'planet', 'city'];
const collage = artworks.filter((art) => collageIds.includes(art.id));

export function Hero() {
  const { t } = useTranslation();
  return (
    <section className={classes.hero}>
      <div className={`${classes.glow} ${classes.glowA}`} />
      <div className={`${classes.glow} ${classes.glowB}`} />
      <Container size="xl" className={classes.heroInner}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} verticalSpacing={40}>
          <Stack gap="lg" justify="center">
            <Badge
              variant="white"
              color="violet"
              size="lg"
              radius="xl"
              w="fit-content"
              leftSection={<IconSparkles size={14} />}
            >
              {t('landing.badge')}
            </Badge>
            <Title order={1} className={classes.headline}>
              {t('landing.headline')}{' '}
              <span className={classes.headlineAccent}>{t('landing.headlineAccent')}</span>
            </Title>
            <Text className={classes.subline}>{t('landing.subline')}</Text>
            <div className={classes.promptBar} aria-hidden="true">
              <IconSparkles size={16} />
              <span className={classes.promptText}>{t('landing.promptExample')}</span>
              <Button size="xs" radius="xl" variant="gradient" tabIndex={-1}>
                {t('landing.generate')}
              </Button>
            </div>
            <Group gap="sm">
              <Button
                component={Link}
                to="/studio"
                size="lg"
                radius="xl"
                variant="gradient"
                rightSection={<IconArrowRight size={18} />}
              >
                {t('landing.startCreating')}
              </Button>
              <Button
                component={Link}
                to="/home"
                size="lg"
                radius="xl"
                variant="white"
                color="dark"
              >
                {t('landing.exploreCommunity')}
              </Button>
            </Group>
          </Stack>
          <Box className={classes.collage}>
            {collage.map((art) => (
              <ArtTile
                key={art.id}
                artwork={art}
                badge={t(`landing.kinds.${art.kind}`)}
                caption={t(`landing.prompts.${art.id}`)}
              />
            ))}
          </Box>
        </SimpleGrid>
      </Container>
    </section>
  );
}
