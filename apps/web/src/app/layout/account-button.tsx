import { Avatar, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconCoins,
  IconCrown,
  IconLogout,
  IconMail,
  IconMessageReport,
  IconSettings,
  IconUser,
  IconUsersPlus,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signOut } from '../../features/accounts/session/sign-out';
import { useSession } from '../../shared/session/session-store';

const links = [
  { to: '/member', labelKey: 'member.menu', icon: IconCrown },
  { to: '/account/credits', labelKey: 'credits.menu', icon: IconCoins },
  { to: '/invite', labelKey: 'invite.menu', icon: IconUsersPlus },
  { to: '/account/profile', labelKey: 'header.profile', icon: IconUser },
  { to: '/account/settings', labelKey: 'header.settings', icon: IconSettings },
  { to: '/feedback', labelKey: 'header.feedback', icon: IconMessageReport },
  { to: '/contact', labelKey: 'header.contact', icon: IconMail },
];

export function AccountButton({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const openLogin = useSession((s) => s.openLogin);

  if (!user) {
    return (
      <Button
        size={compact ? 'xs' : 'sm'}
        px={compact ? 10 : undefined}
        radius="xl"
        onClick={() => openLogin()}
      >
        {t('header.signIn')}
      </Button>
    );
  }
  const name = user.nickname || user.username;
  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <UnstyledButton aria-label={t('header.accountOf', { name })}>
          <Group gap={8} wrap="nowrap">
            <Avatar src={user.avatar || null} alt={name} radius="xl" size={34} color="violet">
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            {compact ? null : (
              <>
                <Text size="sm" fw={600} maw={140} truncate>
                  {name}
                </Text>
                <IconChevronDown size={14} />
              </>
            )}
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        {links.map((link) => (
          <Menu.Item
            key={link.to}
            component={Link}
            to={link.to}
            leftSection={<link.icon size={14} />}
          >
            {t(link.labelKey)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={14} />} onClick={() => void signOut()}>
          {t('header.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
