import type { AdminUserDetail } from '@lumen/contracts/admin-users';
import {
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconBan, IconCoins, IconCrown } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { withAdminTexts } from '../admin-texts';
import { useAdminUser, useSetWhitelist } from '../api/users';
import { toast } from '../../../shared/ui/toast';
import { ApiErrorAlert } from '../components/api-error-alert';
import { formatDay, formatWhen } from '../components/format-when';
import { UserActionDialog, type UserAction } from '../components/user-action-dialogs';
import { usePlanLabel } from '../components/use-plan-label';
import { AgeConsentBadge, UserStatusBadge } from '../components/user-status-badge';

/** `/admin/users/:id`: one account's facts, its age and guardian consent, and the actions. */
export const UserAdminPage = withAdminTexts(UserAdminPageContent);

function UserAdminPageContent() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const location = useLocation();
  const navigate = useNavigate();
  const user = useAdminUser(Number.isSafeInteger(id) && id > 0 ? id : 0);
  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <Group>
        <Button
          component={Link}
          to="/admin/users"
          onClick={(e) => {
            // Back to the search as it was, when the admin came from it within the app.
            if (location.key !== 'default') {
              e.preventDefault();
              void navigate(-1);
            }
          }}
          variant="subtle"
          color="gray"
          px={8}
          leftSection={<IconArrowLeft size={16} />}
        >
          {t('admin.users.back')}
        </Button>
      </Group>
      {user.isPending ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : user.isError ? (
        <ApiErrorAlert error={user.error} />
      ) : (
        <UserPanel user={user.data} />
      )}
    </Stack>
  );
}

function Fact({
  label,
  wide = false,
  children,
}: {
  label: string;
  /** Takes the whole row: a long address is not broken inside a half-width column. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Stack gap={2} style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** The whitelist, switched on the spot: a whitelisted account downloads without the watermark. */
function WhitelistSwitch({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  const setWhitelist = useSetWhitelist(user.id);
  const on = user.roles.includes('whitelist');
  return (
    <Stack gap={4} style={{ gridColumn: '1 / -1' }}>
      <Switch
        checked={setWhitelist.isPending ? !on : on}
        disabled={setWhitelist.isPending}
        label={t('admin.users.whitelist.label')}
        description={t('admin.users.whitelist.hint')}
        onChange={(event) => {
          const whitelist = event.currentTarget.checked;
          setWhitelist.mutate(
            { whitelist },
            {
              onSuccess: () =>
                toast({
                  type: 'success',
                  message: t(whitelist ? 'admin.users.whitelist.on' : 'admin.users.whitelist.off', {
                    name: user.nickname,
                  }),
                }),
            },
          );
        }}
      />
      {setWhitelist.isError ? <ApiErrorAlert error={setWhitelist.error} /> : null}
    </Stack>
  );
}

function UserPanel({ user }: { user: AdminUserDetail }) {
  const { t, i18n } = useTranslation();
  const planLabel = usePlanLabel();
  const [action, setAction] = useState<UserAction | null>(null);
  const never = t('admin.users.never');
  const lang = i18n.language;
  return (
    <>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Group gap="sm">
            <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
              {user.nickname}
            </Title>
            <UserStatusBadge status={user.status} />
          </Group>
          <Text c="dimmed" size="sm">
            @{user.username} · #{user.id}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconCoins size={16} />}
            onClick={() => setAction('grant')}
          >
            {t('admin.users.actions.grant')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconCrown size={16} />}
            onClick={() => setAction('plan')}
          >
            {t('admin.users.actions.plan')}
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconBan size={16} />}
            disabled={user.status === 'banned'}
            title={user.status === 'banned' ? t('admin.users.ban.already') : undefined}
            onClick={() => setAction('ban')}
          >
            {t('admin.users.actions.ban')}
          </Button>
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Fact label={t('admin.users.facts.email')} wide>
              {user.email ?? '—'}
            </Fact>
            <Fact label={t('admin.users.facts.phone')}>{user.phone ?? '—'}</Fact>
            <Fact label={t('admin.users.facts.plan')}>
              <span data-testid="admin-user-plan">{planLabel(user.grade)}</span>
            </Fact>
            <Fact label={t('admin.users.facts.planEnds')}>
              {formatWhen(user.plan_ends_at, lang, '—')}
            </Fact>
            <Fact label={t('admin.users.facts.credits')}>
              <Text span fw={700} size="lg" data-testid="admin-user-credits">
                {user.credits.toLocaleString(lang)}
              </Text>
            </Fact>
            <Fact label={t('admin.users.facts.roles')}>
              <Group gap={4}>
                {user.roles.map((role) => (
                  <Badge key={role} variant="outline" color="gray" tt="none">
                    {role}
                  </Badge>
                ))}
              </Group>
            </Fact>
            <WhitelistSwitch user={user} />
            <Fact label={t('admin.users.facts.created')}>
              {formatWhen(user.created_at, lang, never)}
            </Fact>
            <Fact label={t('admin.users.facts.lastLogin')}>
              {formatWhen(user.last_login_at, lang, never)}
            </Fact>
          </SimpleGrid>
          <Stack gap={6} mt="lg">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('admin.users.facts.buckets')}
            </Text>
            {user.buckets.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('admin.users.facts.noBuckets')}
              </Text>
            ) : (
              user.buckets.map((b, i) => (
                <Group key={i} justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm">{t(`credits.kinds.${b.kind}`)}</Text>
                  <Text size="sm">
                    <Text span fw={600}>
                      {b.credits.toLocaleString(lang)}
                    </Text>{' '}
                    <Text span c="dimmed" size="xs">
                      {b.expires_at
                        ? t('admin.users.facts.expires', {
                            date: formatWhen(b.expires_at, lang, ''),
                          })
                        : t('admin.users.facts.noExpiry')}
                    </Text>
                  </Text>
                </Group>
              ))
            )}
          </Stack>
        </Card>

        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Title order={2} fz="md">
              {t('admin.users.age.title')}
            </Title>
            <AgeConsentBadge age={user.age} />
            {user.age.birth_date ? (
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <Fact label={t('admin.users.age.birthDate')}>
                  {formatDay(user.age.birth_date, lang)}
                  {user.age.age !== null
                    ? ` · ${t('admin.users.age.years', { count: user.age.age })}`
                    : ''}
                </Fact>
                {user.age.guardian_email ? (
                  <Fact label={t('admin.users.age.guardian')} wide>
                    <span data-testid="admin-user-guardian">{user.age.guardian_email}</span>
                  </Fact>
                ) : null}
                {user.age.consent_sent_at ? (
                  <Fact label={t('admin.users.age.sent')}>
                    {formatWhen(user.age.consent_sent_at, lang, '—')}
                  </Fact>
                ) : null}
                {user.age.consent_decided_at ? (
                  <Fact label={t('admin.users.age.decided')}>
                    {formatWhen(user.age.consent_decided_at, lang, '—')}
                  </Fact>
                ) : null}
              </SimpleGrid>
            ) : null}
          </Stack>
        </Card>
      </SimpleGrid>
      <UserActionDialog action={action} user={user} onClose={() => setAction(null)} />
    </>
  );
}
