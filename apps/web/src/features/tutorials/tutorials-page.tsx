import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconBox,
  IconBulb,
  IconCoins,
  IconDice5,
  IconMovie,
  IconPalette,
  IconLibraryPhoto,
  IconPhotoEdit,
  IconSparkles,
  IconWriting,
  type Icon,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageLoader } from '../../shared/ui/page-loader';
import { useSectionTexts } from '../../shared/i18n/section-texts';
import { useAccountInfo } from '../../shared/session/account-info';
import { PerksTable } from '../credits/components/perks-table';
import { examplePath, guides, guideValues, type Guide, type TutorialExample } from './guides';
import { tutorialsTexts } from './tutorials-texts';
import classes from './tutorials.module.css';

const icons: Record<string, Icon> = {
  prompts: IconWriting,
  styles: IconPalette,
  reference: IconPhotoEdit,
  seeds: IconDice5,
  video: IconMovie,
  threeD: IconBox,
  library: IconLibraryPhoto,
  credits: IconCoins,
};

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/**
 * One example prompt and the ways to try it: one button, or one per style when the guide offers
 * the same prompt in several styles side by side.
 */
function ExampleCard({ variants }: { variants: TutorialExample[] }) {
  const { t } = useTranslation();
  const [example] = variants;
  if (!example) return null;
  const prompt = t(`tutorials.examples.${example.key}`);
  const negative = example.negativeKey ? t(`tutorials.examples.${example.negativeKey}`) : '';
  const styleName = (variant: TutorialExample) =>
    variant.style ? t(`generate.styles.${variant.style}`) : '';
  const several = variants.length > 1;
  return (
    <Paper withBorder radius="md" p="sm" className={classes.example}>
      <Stack gap="xs" h="100%">
        <Text size="sm" className={classes.prompt}>
          {prompt}
        </Text>
        {negative ? (
          <Text size="xs" c="dimmed">
            {t('tutorials.negative', { text: negative })}
          </Text>
        ) : null}
        <Group gap={6} mt="auto">
          {!several && example.style ? (
            <Badge variant="light" color="violet" size="sm">
              {styleName(example)}
            </Badge>
          ) : null}
          {example.ratio ? (
            <Badge variant="light" color="gray" size="sm">
              {example.ratio}
            </Badge>
          ) : null}
        </Group>
        <Group gap="xs" grow>
          {variants.map((variant) => (
            <Button
              key={variant.style ?? ''}
              component={Link}
              to={examplePath(variant, { prompt, negative })}
              size="xs"
              variant="light"
              leftSection={<IconSparkles size={14} />}
              aria-label={
                several
                  ? t('tutorials.tryStyleLabel', { prompt, style: styleName(variant) })
                  : t('tutorials.tryLabel', { prompt })
              }
            >
              {several ? styleName(variant) : t('tutorials.try')}
            </Button>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}

/** Examples with the same prompt, together. */
function byPrompt(examples: TutorialExample[]): TutorialExample[][] {
  const groups = new Map<string, TutorialExample[]>();
  for (const example of examples) {
    const group = groups.get(example.key);
    if (group) group.push(example);
    else groups.set(example.key, [example]);
  }
  return [...groups.values()];
}

function GuideSection({ guide, index }: { guide: Guide; index: number }) {
  const { t } = useTranslation();
  const account = useAccountInfo();
  const GuideIcon = icons[guide.key] ?? IconBulb;
  const base = `tutorials.guides.${guide.key}`;
  const groups = byPrompt(guide.examples);
  return (
    <Card
      component="section"
      id={guide.key}
      withBorder
      radius="lg"
      padding="lg"
      className={classes.guide}
      aria-labelledby={`${guide.key}-title`}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light" color="violet">
            <GuideIcon size={22} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={2}>
            <Text size="xs" c="dimmed" fw={600}>
              {t('tutorials.guideNumber', { number: index + 1, count: guides.length })}
            </Text>
            <Title order={2} fz="xl" id={`${guide.key}-title`}>
              {t(`${base}.title`)}
            </Title>
          </Stack>
        </Group>
        <Text>{t(`${base}.intro`, guideValues)}</Text>
        <List type="ordered" spacing="sm" className={classes.steps}>
          {range(guide.steps).map((n) => (
            <List.Item key={n}>{t(`${base}.steps.${n}`, guideValues)}</List.Item>
          ))}
        </List>
        {guide.tips > 0 ? (
          <Paper radius="md" p="md" className={classes.tips}>
            <Group gap="xs" mb={6}>
              <IconBulb size={18} aria-hidden="true" />
              <Text fw={700} size="sm">
                {t('tutorials.tips')}
              </Text>
            </Group>
            <List size="sm" spacing={6}>
              {range(guide.tips).map((n) => (
                <List.Item key={n}>{t(`${base}.tips.${n}`, guideValues)}</List.Item>
              ))}
            </List>
          </Paper>
        ) : null}
        {guide.plans ? <PerksTable currentGrade={account.data?.grade} /> : null}
        {groups.length > 0 ? (
          <Stack gap="xs">
            <Text fw={700} size="sm">
              {t('tutorials.examplesTitle')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: Math.min(groups.length, 3) }} spacing="sm">
              {groups.map((variants) => (
                <ExampleCard key={variants[0]?.key} variants={variants} />
              ))}
            </SimpleGrid>
          </Stack>
        ) : null}
        <Group>
          <Button
            component={Link}
            to={guide.studio}
            variant="default"
            rightSection={<IconArrowRight size={16} />}
          >
            {t(`${base}.open`)}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Brings the guide named by the address's hash into view (`/studio/tutorials#video`). */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id || !guides.some((g) => g.key === id)) return;
    document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [hash]);
}

/**
 * The guide being read: the first one whose top has scrolled above the middle of the window,
 * followed as the page scrolls, so the contents can mark it.
 */
function useGuideInView(): string | undefined {
  const [current, setCurrent] = useState<string | undefined>(guides[0]?.key);
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const sections = guides
      .map((guide) => document.getElementById(guide.key))
      .filter((el): el is HTMLElement => el !== null);
    const pick = () => {
      const middle = window.innerHeight / 2;
      let last = sections[0];
      for (const section of sections)
        if (section.getBoundingClientRect().top <= middle) last = section;
      setCurrent(last?.id);
    };
    // Only a section crossing the window's middle can change the answer.
    const observer = new IntersectionObserver(pick, { rootMargin: '-50% 0px -50% 0px' });
    for (const section of sections) observer.observe(section);
    return () => observer.disconnect();
  }, []);
  return current;
}

/** `/studio/tutorials`: short guides to each studio, with examples that open it filled in. */
export function TutorialsPage() {
  const ready = useSectionTexts(tutorialsTexts);
  if (!ready) return <PageLoader />;
  return <Guides />;
}

function Guides() {
  const { t } = useTranslation();
  useScrollToHash();
  const current = useGuideInView();
  return (
    <Stack gap="xl" maw={1200} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('tutorials.title')}
        </Title>
        <Text c="dimmed">{t('tutorials.subtitle')}</Text>
      </Stack>
      <div className={classes.layout}>
        <Box component="nav" aria-label={t('tutorials.contents')} className={classes.contents}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={6} visibleFrom="md">
            {t('tutorials.contents')}
          </Text>
          <ol className={classes.contentsList}>
            {guides.map((guide) => (
              <li key={guide.key}>
                <Anchor
                  href={`#${guide.key}`}
                  className={classes.contentsLink}
                  aria-current={guide.key === current ? 'location' : undefined}
                >
                  {t(`tutorials.guides.${guide.key}.title`)}
                </Anchor>
              </li>
            ))}
          </ol>
        </Box>
        <Stack gap="lg" miw={0}>
          {guides.map((guide, index) => (
            <GuideSection key={guide.key} guide={guide} index={index} />
          ))}
        </Stack>
      </div>
    </Stack>
  );
}
