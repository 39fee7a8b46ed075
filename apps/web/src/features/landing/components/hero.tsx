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
import { PROMPT_MAX_LENGTH } from '@lumen/contracts/tasks';
import { IconArrowRight, IconSparkles } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { artworks } from '../artworks';
import { studioAddress } from '../use-open-studio';
import classes from '../landing.module.css';
import { ArtTile } from './art-tile';

const collageIds = ['aurora', 'planet', 'city'];
const collage = artworks.filter((art) => collageIds.includes(art.id));

export function Hero({ openStudio }: { openStudio: (address: string) => void }) {
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
            <form
              className={classes.promptBar}
              aria-label={t('landing.generate')}
              // Without the app yet (a prerendered page still loading) the browser submits it to
              // the studio itself; the box is not controlled, so what was typed before stays.
              action={studioAddress('image')}
              method="get"
              onSubmit={(event) => {
                event.preventDefault();
                const typed = new FormData(event.currentTarget).get('prompt');
                const text = typeof typed === 'string' ? typed.trim() : '';
                // An empty box tries the example it shows.
                openStudio(studioAddress('image', text || t('landing.promptExample')));
              }}
            >
              <IconSparkles size={16} aria-hidden="true" />
              <input
                className={classes.promptInput}
                name="prompt"
                placeholder={t('landing.promptExample')}
                aria-label={t('landing.promptExample')}
                maxLength={PROMPT_MAX_LENGTH}
                enterKeyHint="go"
              />
              <Button type="submit" size="xs" radius="xl" variant="gradient">
                {t('landing.generate')}
              </Button>
            </form>
            <Group gap="sm">
              <Button
                component={Link}
                to={studioAddress('image')}
                onClick={(event: MouseEvent) => {
                  event.preventDefault();
                  openStudio(studioAddress('image'));
                }}
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
