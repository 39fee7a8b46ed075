import { Anchor, Box, Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { HeaderActions } from './header-actions';
import { Logo } from './logo';
import { SiteFooter } from './site-footer';
import classes from './site-layout.module.css';
import { useIsMobile } from '../../shared/hooks/use-is-mobile';

const links = [
  { to: '/studio', labelKey: 'nav.studio' },
  { to: '/explore', labelKey: 'nav.explore' },
  { to: '/pay', labelKey: 'nav.pay' },
];

/** The public frame around the landing and error pages: a slim top bar and a footer. */
export function SiteLayout() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Box className={classes.root}>
      <header className={classes.header}>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xl" wrap="nowrap">
              <Logo compact={isMobile} />
              <Group component="nav" gap="lg" visibleFrom="sm" aria-label={t('nav.main')}>
                {links.map((link) => (
                  <Anchor key={link.to} component={Link} to={link.to} className={classes.link}>
                    {t(link.labelKey)}
                  </Anchor>
                ))}
              </Group>
            </Group>
            <HeaderActions compact={isMobile} />
          </Group>
        </Container>
      </header>
      <main className={classes.main}>
        <Outlet />
      </main>
      <SiteFooter />
    </Box>
  );
}
