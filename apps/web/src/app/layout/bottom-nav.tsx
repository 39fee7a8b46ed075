import { Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../shared/session/session-store';
import { visibleNavItems } from './nav-items';
import { useSelectedPageKey } from './use-selected-page-key';

/** Below 512 px the sidebar's main entries move to a bar at the bottom (spec §9). */
export function BottomNav() {
  const { t } = useTranslation();
  const pageKey = useSelectedPageKey();
  const setPageKey = useSession((s) => s.setPageKey);
  const items = visibleNavItems(false).filter((item) => item.bottomBar !== false);

  return (
    <Group component="nav" aria-label={t('nav.main')} grow gap={0} h="100%" wrap="nowrap">
      {items.map((item) => {
        const active = pageKey === item.key;
        return (
          <UnstyledButton
            key={item.key}
            component={Link}
            to={item.path}
            onClick={() => setPageKey(item.key)}
            aria-current={active ? 'page' : undefined}
            style={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              gap: 2,
              color: active ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-dimmed)',
            }}
          >
            <span style={{ position: 'relative', display: 'inline-flex' }}>
              <item.icon size={22} stroke={1.7} />
              {item.indicator ? (
                <span style={{ position: 'absolute', top: -2, right: -4, display: 'flex' }}>
                  <item.indicator />
                </span>
              ) : null}
            </span>
            <Text fz={11} fw={active ? 700 : 500} lh={1.2}>
              {t(item.labelKey)}
            </Text>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
