import { Badge, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { withAdminTexts } from './admin-texts';

const sections = [
  'moderation',
  'circles',
  'campaigns',
  'notifications',
  'payments',
  'users',
  'engines',
] as const;
/** Sections that have their page; the others arrive with the feature they administer. */
const pages: Partial<Record<(typeof sections)[number], string>> = {
  moderation: '/admin/review',
  circles: '/admin/circles',
  campaigns: '/admin/campaigns',
  notifications: '/admin/notifications',
  payments: '/admin/payments',
  users: '/admin/users',
  engines: '/admin/engines',
};

/** The admin area's entry. */
export const AdminHomePage = withAdminTexts(AdminHomePageContent);

function AdminHomePageContent() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl" maw={1200} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('admin.title')}
        </Title>
        <Text c="dimmed">{t('admin.subtitle')}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
        {sections.map((section) => {
          const to = pages[section];
          return (
            <Card key={section} withBorder radius="lg" padding="lg">
              <Stack gap="xs" h="100%">
                <Title order={2} fz="md">
                  {t(`admin.sections.${section}.title`)}
                </Title>
                <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                  {t(`admin.sections.${section}.body`)}
                </Text>
                {to ? (
                  <Button
                    component={Link}
                    to={to}
                    size="xs"
                    variant="light"
                    w="fit-content"
                    rightSection={<IconArrowRight size={14} />}
                  >
                    {t('admin.open')}
                  </Button>
                ) : (
                  <Badge variant="light" color="gray" w="fit-content">
                    {t('common.comingSoon')}
                  </Badge>
                )}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
