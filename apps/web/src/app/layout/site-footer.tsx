import { Anchor, Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHydrated } from '../../shared/hooks/use-hydrated';
import { LumenMark } from './logo';

/** The year the prerendered pages were built in (vite.config.ts), which their footer shows. */
const BUILD_YEAR = Number(import.meta.env.VITE_BUILD_YEAR ?? new Date().getFullYear());

const legalLinks = [
  { to: '/terms', labelKey: 'footer.terms' },
  { to: '/privacy', labelKey: 'footer.privacy' },
];

export function SiteFooter() {
  const { t } = useTranslation();
  // Hydration keeps the HTML's year; the current one follows at once.
  const year = useHydrated() ? new Date().getFullYear() : BUILD_YEAR;
  return (
    <footer style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="xl" py="xl">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Stack gap={6} maw={360}>
            <Group gap={8}>
              <LumenMark size={22} />
              <Text fw={800}>Lumen</Text>
            </Group>
            <Text size="sm" c="dimmed">
              {t('footer.about')}
            </Text>
          </Stack>
          <Group gap="lg" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {legalLinks.map((link) => (
              <Text component="li" key={link.to} size="sm">
                <Anchor component={Link} to={link.to} c="dimmed" inherit>
                  {t(link.labelKey)}
                </Anchor>
              </Text>
            ))}
            <Text component="li" size="sm">
              <Anchor component={Link} to="/studio/tutorials" c="dimmed" inherit>
                {t('footer.tutorials')}
              </Anchor>
            </Text>
            <Text component="li" size="sm">
              <Anchor component={Link} to="/credit-policy" c="dimmed" inherit>
                {t('footer.creditPolicy')}
              </Anchor>
            </Text>
            <Text component="li" size="sm">
              <Anchor component={Link} to="/contact" c="dimmed" inherit>
                {t('footer.contact')}
              </Anchor>
            </Text>
          </Group>
        </Group>
        <Text size="xs" c="dimmed" mt="lg">
          {t('footer.copyright', { year })}
        </Text>
      </Container>
    </footer>
  );
}
