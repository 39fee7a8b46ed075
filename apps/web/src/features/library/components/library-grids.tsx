import { Alert, Button, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFolderOpen, IconSearch, IconSparkles } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFolderItems } from '../api/list-folder-items';
import { useTasks } from '../api/list-tasks';
import { itemFromFolderItem, itemsFromTasks } from '../library-items';
import { useLibraryLive } from '../use-library-live';
import type { LibraryKind } from '../library-kinds';
import { MediaGrid } from './media-grid';

interface GridProps {
  kind: LibraryKind;
  selecting: boolean;
  selected: ReadonlySet<string>;
  onToggle: (key: string) => void;
}

function GridSkeleton() {
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, lg: 4, xl: 5 }} spacing={{ base: 8, sm: 'sm' }}>
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} style={{ aspectRatio: '1' }} radius="md" />
      ))}
    </SimpleGrid>
  );
}

function Empty({
  icon,
  title,
  body,
  action,
}: {
  icon: 'sparkles' | 'folder' | 'search';
  title: string;
  body: string;
  action?: ReactNode;
}) {
  return (
    <Stack align="center" gap="xs" py={48} px="md" ta="center">
      <ThemeIcon size={64} radius="xl" variant="light">
        {icon === 'sparkles' ? (
          <IconSparkles size={30} />
        ) : icon === 'search' ? (
          <IconSearch size={30} />
        ) : (
          <IconFolderOpen size={30} />
        )}
      </ThemeIcon>
      <Text fw={700} mt="xs">
        {title}
      </Text>
      <Text size="sm" c="dimmed" maw={360}>
        {body}
      </Text>
      {action}
    </Stack>
  );
}

/** Everything generated of one kind, newest first; with `search`, what its prompt matches. */
export function HistoryGrid({ kind, search = '', ...selection }: GridProps & { search?: string }) {
  const { t } = useTranslation();
  const { live } = useLibraryLive();
  const tasks = useTasks(kind, search, live);
  if (tasks.isPending) return <GridSkeleton />;
  if (tasks.isError)
    return (
      <Alert color="red" variant="light">
        {t('library.loadError')}
      </Alert>
    );
  const items = itemsFromTasks(
    tasks.data.pages.flatMap((page) => page.data),
    kind,
  );
  if (items.length === 0 && search) {
    return (
      <Empty
        icon="search"
        title={t('library.search.noneTitle', { query: search })}
        body={t('library.search.noneBody')}
      />
    );
  }
  if (items.length === 0) {
    return (
      <Empty
        icon="sparkles"
        title={t('library.empty.historyTitle')}
        body={t(`library.empty.history.${kind}`)}
        action={
          <Button component={Link} to="/studio" radius="xl" mt="sm">
            {t('library.empty.create')}
          </Button>
        }
      />
    );
  }
  return (
    <MediaGrid
      items={items}
      {...selection}
      hasMore={tasks.hasNextPage}
      loadingMore={tasks.isFetchingNextPage}
      onLoadMore={() => void tasks.fetchNextPage()}
    />
  );
}

/** The works in one folder. */
export function FolderItemsGrid({
  kind,
  folderId,
  ...selection
}: GridProps & { folderId: number }) {
  const { t } = useTranslation();
  const items = useFolderItems(folderId);
  if (items.isPending) return <GridSkeleton />;
  if (items.isError)
    return (
      <Alert color="red" variant="light">
        {t('library.loadError')}
      </Alert>
    );
  const list = items.data.pages
    .flatMap((page) => page.data)
    .map((item) => itemFromFolderItem(item, kind));
  if (list.length === 0) {
    return (
      <Empty
        icon="folder"
        title={t('library.empty.folderTitle')}
        body={t('library.empty.folder')}
      />
    );
  }
  return (
    <MediaGrid
      items={list}
      {...selection}
      hasMore={items.hasNextPage}
      loadingMore={items.isFetchingNextPage}
      onLoadMore={() => void items.fetchNextPage()}
    />
  );
}
