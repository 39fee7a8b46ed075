import { Anchor, Stack, Text, Title } from '@mantine/core';
import { IconBook2, IconBox, IconMovie, IconPhoto, type Icon } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import type { StudioKind } from '../task-kinds';
import classes from './studio-shell.module.css';

const kinds: { kind: StudioKind; path: string; icon: Icon }[] = [
  { kind: 'image', path: '/studio/image', icon: IconPhoto },
  { kind: 'video', path: '/studio/video', icon: IconMovie },
  { kind: '3d', path: '/studio/3d', icon: IconBox },
];

/** The tutorial each studio links to. */
const guideOf: Record<StudioKind, string> = {
  image: '/studio/tutorials#prompts',
  video: '/studio/tutorials#video',
  '3d': '/studio/tutorials#threeD',
};

interface StudioShellProps {
  kind: StudioKind;
  settings: ReactNode;
  footer: ReactNode;
  results: ReactNode;
  onSubmit: () => void;
}

/** The studio frame: title and studio switch, settings beside results (stacked on phones). */
export function StudioShell({ kind, settings, footer, results, onSubmit }: StudioShellProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <div className={`${classes.shell} ${classes.layout}`}>
      <header className={classes.header}>
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t(`generate.studios.${kind}.title`)}
          </Title>
          <Text c="dimmed" size="sm">
            {t(`generate.studios.${kind}.subtitle`)}{' '}
            <Anchor component={Link} to={guideOf[kind]} size="sm" className={classes.guide}>
              <IconBook2 size={14} aria-hidden="true" />
              {t('generate.studios.guide')}
            </Anchor>
          </Text>
        </Stack>
        <nav className={classes.kindNav} aria-label={t('generate.studios.switch')}>
          {kinds.map((item) => (
            <NavLink key={item.kind} to={item.path} className={classes.kindLink}>
              <item.icon size={16} aria-hidden="true" />
              {t(`generate.studios.${item.kind}.short`)}
            </NavLink>
          ))}
        </nav>
      </header>
      <form
        className={classes.panel}
        onSubmit={submit}
        aria-label={t('generate.settings.title')}
        noValidate
      >
        <div className={classes.panelBody}>{settings}</div>
        <div className={classes.panelFooter}>{footer}</div>
      </form>
      <section className={classes.results} aria-label={t('generate.result.title')}>
        {results}
      </section>
    </div>
  );
}

/** A titled group of settings inside the panel. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={classes.section} aria-label={title}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" style={{ letterSpacing: '0.06em' }}>
        {title}
      </Text>
      {children}
    </section>
  );
}
