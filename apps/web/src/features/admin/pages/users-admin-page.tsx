import type { AdminUserSummary } from '@lumen/contracts/admin-users';
import {
  Box,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { withAdminTexts } from '../admin-texts';
import { useUserSearch } from '../api/users';
import { AdminPageHeader } from '../components/admin-page-header';
import { ApiErrorAlert } from '../components/api-error-alert';
import { usePlanLabel } from '../components/use-plan-label';
import { UserStatusBadge } from '../components/user-status-badge';
import { formatDay, formatWhen } from '../components/format-when';

/** Long enough that typing a name sends one search, short enough to feel immediate. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * `/admin/users`: find accounts by id, e-mail, phone or part of a name. The query lives in
 * the address, so going back from an account shows the same results.
 */
export const UsersAdminPage = withAdminTexts(UsersAdminPageContent);

function UsersAdminPageContent() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const typed = params.get('q') ?? '';
  const [q] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const search = useUserSearch(q);
  const rows = search.data?.data ?? [];

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <AdminPageHeader title={t('admin.users.title')} subtitle={t('admin.users.subtitle')} />
      <TextInput
        label={t('admin.users.searchLabel')}
        placeholder={t('admin.users.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        rightSection={search.isFetching ? <Loader size="xs" /> : null}
        value={typed}
        onChange={(e) =>
          setParams(e.currentTarget.value ? { q: e.currentTarget.value } : {}, { replace: true })
        }
        maxLength={100}
        data-autofocus
        autoFocus
      />
      {q.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('admin.users.hint')}
        </Text>
      ) : search.isError ? (
        <ApiErrorAlert error={search.error} />
      ) : search.isPending ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('admin.users.empty', { q })}
        </Text>
      ) : (
        <>
          <Box visibleFrom="sm">
            <UsersTable rows={rows} />
          </Box>
          <SimpleGrid hiddenFrom="sm" cols={1} spacing="sm">
            {rows.map((user) => (
              <UserCard key={user.id} user={user} />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

function UsersTable({ rows }: { rows: AdminUserSummary[] }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const planLabel = usePlanLabel();
  return (
    <Card withBorder radius="lg" padding={0}>
      <Table.ScrollContainer minWidth={860}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.users.columns.user')}</Table.Th>
              <Table.Th>{t('admin.users.columns.contact')}</Table.Th>
              <Table.Th>{t('admin.users.columns.status')}</Table.Th>
              <Table.Th>{t('admin.users.columns.plan')}</Table.Th>
              <Table.Th ta="right">{t('admin.users.columns.credits')}</Table.Th>
              <Table.Th>{t('admin.users.columns.created')}</Table.Th>
              <Table.Th>{t('admin.users.columns.lastLogin')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((user) => (
              <Table.Tr
                key={user.id}
                data-testid="admin-user-row"
                style={{ cursor: 'pointer' }}
                onClick={() => void navigate(`/admin/users/${user.id}`)}
              >
                <Table.Td>
                  <Text
                    component={Link}
                    to={`/admin/users/${user.id}`}
                    fw={600}
                    size="sm"
                    onClick={(e) => e.stopPropagation()}
                  >
                    {user.nickname}
                  </Text>
                  <Text size="xs" c="dimmed">
                    @{user.username} · #{user.id}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{user.email ?? '—'}</Text>
                  {user.phone ? (
                    <Text size="xs" c="dimmed">
                      {user.phone}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <UserStatusBadge status={user.status} />
                </Table.Td>
                <Table.Td>{planLabel(user.grade)}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {user.credits.toLocaleString(i18n.language)}
                </Table.Td>
                <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDay(user.created_at, i18n.language)}
                </Table.Td>
                <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatWhen(user.last_login_at, i18n.language, t('admin.users.never'))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function UserCard({ user }: { user: AdminUserSummary }) {
  const { t, i18n } = useTranslation();
  const planLabel = usePlanLabel();
  return (
    <UnstyledButton component={Link} to={`/admin/users/${user.id}`} data-testid="admin-user-card">
      <Card withBorder radius="lg" padding="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {user.nickname}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              @{user.username} · #{user.id}
            </Text>
          </Stack>
          <UserStatusBadge status={user.status} />
        </Group>
        <Text size="sm" mt="xs" truncate>
          {user.email ?? user.phone ?? '—'}
        </Text>
        <Group justify="space-between" mt="xs" gap="xs">
          <Text size="sm">
            {planLabel(user.grade)} · {user.credits.toLocaleString(i18n.language)}{' '}
            {t('admin.users.columns.credits')}
          </Text>
          <Text size="xs" c="dimmed">
            {formatWhen(user.created_at, i18n.language, t('admin.users.never'))}
          </Text>
        </Group>
      </Card>
    </UnstyledButton>
  );
}
