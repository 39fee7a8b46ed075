import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconBook2,
  IconBox,
  IconCompass,
  IconMovie,
  IconTool,
  IconPhotoAi,
  IconPhotoEdit,
  IconPhotoVideo,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './studio.module.css';

interface StudioTile {
  key: string;
  icon: Icon;
  background: string;
  /** Where the tile leads. */
  to: string;
  /** i18n keys, for tiles whose words live with their feature rather than under `studio`. */
  titleKey?: string;
  bodyKey?: string;
}

/**
 * The six studio entries of spec §2, plus 3D generation, the AI toolbox and the image editor,
 * grouped into making and browsing.
 */
const createTiles: StudioTile[] = [
  {
    key: 'imageGenerator',
    icon: IconPhotoAi,
    background: 'linear-gradient(135deg, #7c3aed, #db2777)',
    to: '/studio/image',
  },
  {
    key: 'imageToVideo',
    icon: IconPhotoVideo,
    background: 'linear-gradient(135deg, #f97316, #db2777)',
    to: '/studio/video?mode=image',
  },
  {
    key: 'textToVideo',
    icon: IconMovie,
    background: 'linear-gradient(135deg, #0ea5e9, #6366f1)',
    to: '/studio/video?mode=text',
  },
  {
    key: 'threeD',
    icon: IconBox,
    background: 'linear-gradient(135deg, #14b8a6, #7c3aed)',
    to: '/studio/3d',
    titleKey: 'generate.hub.threeD.title',
    bodyKey: 'generate.hub.threeD.body',
  },
  {
    key: 'toolbox',
    icon: IconTool,
    background: 'linear-gradient(135deg, #db2777, #f59e0b)',
    to: '/studio/tools',
  },
  {
    key: 'editor',
    icon: IconPhotoEdit,
    background: 'linear-gradient(135deg, #6366f1, #14b8a6)',
    to: '/studio/edit',
  },
];

const exploreTiles: StudioTile[] = [
  {
    key: 'discover',
    icon: IconCompass,
    background: 'linear-gradient(135deg, #10b981, #0ea5e9)',
    to: '/explore',
  },
  {
    key: 'tutorials',
    icon: IconBook2,
    background: 'linear-gradient(135deg, #f59e0b, #ef4444)',
    to: '/studio/tutorials',
  },
  {
    key: 'community',
    icon: IconUsersGroup,
    background: 'linear-gradient(135deg, #6366f1, #a855f7)',
    to: '/home',
  },
];

function TileBody({ tile }: { tile: StudioTile }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" h="100%">
      <div className={classes.banner} style={{ background: tile.background }}>
        <ThemeIcon size={52} radius="md" variant="white" color="dark">
          <tile.icon size={28} stroke={1.6} />
        </ThemeIcon>
      </div>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Title order={3} fz="lg">
          {t(tile.titleKey ?? `studio.tiles.${tile.key}.title`)}
        </Title>
        <IconArrowRight size={18} aria-hidden="true" className={classes.arrow} />
      </Group>
      <Text size="sm" c="dimmed">
        {t(tile.bodyKey ?? `studio.tiles.${tile.key}.body`)}
      </Text>
    </Stack>
  );
}

function TileGrid({ tiles, cols }: { tiles: StudioTile[]; cols: number }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: cols }} spacing="lg">
      {tiles.map((tile) => (
        <Card
          key={tile.key}
          component={Link}
          to={tile.to}
          withBorder
          radius="lg"
          padding="md"
          className={classes.tile}
        >
          <TileBody tile={tile} />
        </Card>
      ))}
    </SimpleGrid>
  );
}

export function StudioPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl" maw={1200} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('studio.title')}
        </Title>
        <Text c="dimmed">{t('studio.subtitle')}</Text>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="studio-create">
        <Title order={2} fz="md" c="dimmed" id="studio-create">
          {t('generate.hub.create')}
        </Title>
        <TileGrid tiles={createTiles} cols={3} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="studio-explore">
        <Title order={2} fz="md" c="dimmed" id="studio-explore">
          {t('generate.hub.explore')}
        </Title>
        <TileGrid tiles={exploreTiles} cols={3} />
      </Stack>
    </Stack>
  );
}
