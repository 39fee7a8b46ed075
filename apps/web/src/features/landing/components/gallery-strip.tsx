import { Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { artworks } from '../artworks';
import { studioAddress } from '../use-open-studio';
import classes from '../landing.module.css';
import { ArtTile } from './art-tile';

export function GalleryStrip({ openStudio }: { openStudio: (address: string) => void }) {
  const { t } = useTranslation();
  return (
    <Container size="xl" py={64}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={2} fz={{ base: 24, sm: 32 }}>
              {t('landing.galleryTitle')}
            </Title>
            <Text c="dimmed">{t('landing.gallerySubtitle')}</Text>
          </Stack>
        </Group>
        <div className={classes.strip}>
          {artworks.map((art) => (
            <Link
              key={art.id}
              to={studioAddress(art.kind, t(`landing.prompts.${art.id}`))}
              onClick={(event) => {
                event.preventDefault();
                openStudio(studioAddress(art.kind, t(`landing.prompts.${art.id}`)));
              }}
              aria-label={t(`landing.prompts.${art.id}`)}
            >
              <ArtTile
                artwork={art}
                badge={t(`landing.kinds.${art.kind}`)}
                caption={t(`landing.prompts.${art.id}`)}
              />
            </Link>
          ))}
        </div>
      </Stack>
    </Container>
  );
}
