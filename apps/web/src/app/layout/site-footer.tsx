import { Anchor, Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LumenMark } from './logo';

const legalLinks = [
  { to: '/terms', labelKey: 'footer.terms' },
  { to: '/privacy', labelKey: 'footer.privacy' },
];

export function SiteFooter() {
  const { t } = useTranslation();
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
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </footer>
  );
}
