import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'violet',
  primaryShade: { light: 6, dark: 5 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, "Segoe UI", system-ui, -apple-system, "PingFang SC", "Hiragino Sans", "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  defaultGradient: { from: 'violet', to: 'pink', deg: 120 },
  // A violet-tinted night instead of neutral grey, so the dark theme matches the landing hero.
  colors: {
    dark: [
      '#d5d3e3',
      '#b9b6cc',
      '#9693ad',
      '#6c6987',
      '#46425f',
      '#34304c',
      '#27233d',
      '#1b182d',
      '#151224',
      '#0f0c1a',
    ],
  },
});

/** The light/dark choice is remembered per browser. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'lumen_color_scheme' });
