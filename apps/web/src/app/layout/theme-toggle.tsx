import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../shared/hooks/use-hydrated';

export function ThemeToggle({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  // Prerendered pages are light until the app runs; the boot script has set the real scheme.
  const scheme = useHydrated() ? computed : 'light';
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size={compact ? 'md' : 'lg'}
      onClick={() => setColorScheme(next)}
      aria-label={t(next === 'dark' ? 'header.darkTheme' : 'header.lightTheme')}
    >
      {scheme === 'dark' ? <IconSun size={20} /> : <IconMoon size={20} />}
    </ActionIcon>
  );
}
