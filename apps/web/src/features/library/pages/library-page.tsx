import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBox, IconMovie, IconPhoto } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../shared/session/session-store';
import { LibraryKindView } from '../components/library-kind-view';
import { UnreadDot } from '../components/unread-dot';
import { libraryKinds, parseLibraryKind, type LibraryKind } from '../library-kinds';
import { useUnreadResults } from '../unread-results';
import classes from './library-page.module.css';

const tabIcons = { image: IconPhoto, video: IconMovie, '3d': IconBox } as const;

/**
 * My generations and folders. The tab and folder live in the address, so the back button from
 * a work's detail page returns to the same view.
 */
export function LibraryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const kind = parseLibraryKind(params.get('kind'));
  const folderParam = Number(params.get('folder'));
  const folderId = Number.isInteger(folderParam) && folderParam > 0 ? folderParam : null;
  const userId = useSession((s) => s.user?.userId);
  // Looking at a kind reads its new results.
  useEffect(() => {
    if (userId) useUnreadResults.getState().clear(userId, kind);
  }, [userId, kind]);

  const show = (next: LibraryKind, folder: number | null) => {
    const search = new URLSearchParams();
    if (next !== 'image') search.set('kind', next);
    if (folder !== null) search.set('folder', String(folder));
    setParams(search, { replace: true });
  };

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('library.title')}
        </Title>
        <Text c="dimmed">{t('library.subtitle')}</Text>
      </Stack>
      <Tabs
        value={kind}
        onChange={(value) => show(parseLibraryKind(value), null)}
        keepMounted={false}
      >
        <Tabs.List mb="lg" className={classes.tabs}>
          {libraryKinds.map((value) => {
            const Icon = tabIcons[value];
            return (
              <Tabs.Tab
                key={value}
                value={value}
                leftSection={<Icon size={16} />}
                rightSection={<UnreadDot kind={value} />}
              >
                {t(`library.tabs.${value}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {libraryKinds.map((value) => (
          <Tabs.Panel key={value} value={value}>
            <LibraryKindView
              kind={value}
              folderId={folderId}
              onFolderChange={(id) => show(value, id)}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
