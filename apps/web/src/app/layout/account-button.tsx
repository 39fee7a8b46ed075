import { Avatar, Button, Menu, UnstyledButton } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/session-store';

export function AccountButton({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const openLogin = useSession((s) => s.openLogin);
  const logout = useSession((s) => s.logout);

  if (!user) {
    return (
      <Button size={compact ? 'xs' : 'sm'} px={compact ? 10 : undefined} radius="xl" onClick={() => openLogin()}>
        {t('header.signIn')}
      </Button>
    );
  }
  const name = user.nickname || user.username;
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={t('header.account')}>
          <Avatar src={user.avatar || null} alt={name} radius="xl" size={34} color="violet">
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        <Menu.Item leftSection={<IconLogout size={14} />} onClick={() => logout()}>
          {t('header.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
