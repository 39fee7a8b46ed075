import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toolboxGroups } from '../tool-catalogue';
import { ToolCard } from './tool-card';
import classes from './toolbox.module.css';

/** The AI toolbox (spec §2): every tool the product has, by category. */
export function ToolboxPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl" maw={1200} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('tools.toolbox.title')}
        </Title>
        <Text c="dimmed">{t('tools.toolbox.subtitle')}</Text>
      </Stack>
      {toolboxGroups().map((group) => (
        <Stack
          key={group.category}
          gap="sm"
          component="section"
          aria-labelledby={`toolbox-${group.category}`}
        >
          <Title order={2} fz="md" c="dimmed" id={`toolbox-${group.category}`}>
            {t(`tools.toolbox.categories.${group.category}`)}
          </Title>
          <div className={classes.grid}>
            {group.tools.map((id) => (
              <ToolCard key={id} id={id} />
            ))}
          </div>
        </Stack>
      ))}
    </Stack>
  );
}
