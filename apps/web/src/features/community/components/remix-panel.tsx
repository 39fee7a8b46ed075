import type { WorkDetail } from '@lumen/contracts/community';
import { Button, Group, Image, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconEdit, IconPhotoEdit, IconRefresh, IconSeeding } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { remixPath, type RemixAction } from '../remix-links';

const icons: Record<RemixAction, typeof IconSeeding> = {
  reuseSeed: IconSeeding,
  recreate: IconRefresh,
  img2img: IconPhotoEdit,
  edit: IconEdit,
};

/** Remix actions (open the studio prefilled) and where this work came from. */
export function RemixPanel({ work }: { work: WorkDetail }) {
  const { t } = useTranslation();
  const actions = (['reuseSeed', 'recreate', 'img2img', 'edit'] as const)
    .map((action) => ({ action, path: remixPath(work, action) }))
    .filter((a): a is { action: RemixAction; path: string } => a.path !== null);

  return (
    <Stack gap="sm">
      {actions.length > 0 ? (
        <Stack gap={6}>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase">
            {t('community.remix.title')}
          </Text>
          <Group gap="xs" wrap="wrap">
            {actions.map(({ action, path }) => {
              const Icon = icons[action];
              return (
                <Button
                  key={action}
                  component={Link}
                  to={path}
                  variant={action === 'reuseSeed' ? 'light' : 'default'}
                  radius="xl"
                  size="xs"
                  leftSection={<Icon size={14} />}
                >
                  {t(`community.remix.${action}`)}
                </Button>
              );
            })}
          </Group>
        </Stack>
      ) : null}
      {work.remix_of ? (
        <UnstyledButton
          component={Link}
          to={`/w/${work.remix_of.work_id}`}
          p={8}
          style={{
            borderRadius: 'var(--mantine-radius-md)',
            border: '1px solid var(--mantine-color-default-border)',
          }}
        >
          <Group gap="sm" wrap="nowrap">
            <Image src={work.remix_of.thumb_url} alt="" w={44} h={44} radius="sm" fit="cover" />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed">
                {t('community.remix.from')}
              </Text>
              <Text size="sm" fw={600} truncate>
                {work.remix_of.title || t('community.untitled')}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {t('community.byAuthor', { name: work.remix_of.author.nickname })}
              </Text>
            </Stack>
          </Group>
        </UnstyledButton>
      ) : null}
    </Stack>
  );
}
