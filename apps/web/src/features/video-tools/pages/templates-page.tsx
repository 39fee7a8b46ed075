import { costOf } from '@lumen/contracts/credits';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconBolt, IconPhoto, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getCurrentLanguage } from '../../../shared/i18n/i18n';
import { useSectionTexts } from '../../../shared/i18n/section-texts';
import { PageLoader } from '../../../shared/ui/page-loader';
import {
  effectTemplateOf,
  useEffectTemplates,
  type EffectTemplate,
} from '../api/list-effect-templates';
import { LoopingClip } from '../components/looping-clip';
import { effectStudioPath } from '../video-tool-paths';
import { videoToolsTexts } from '../video-tools-texts';
import classes from './templates-page.module.css';

/** What one effect video costs (spec §9: effect 30 per video). */
const EFFECT_COST = costOf({ taskType: 'video_diffusion_img2vid', count: 1, effect: true });

function TemplateCard({ template }: { template: EffectTemplate }) {
  const { t } = useTranslation();
  const two = template.images === 2;
  return (
    <Card withBorder radius="lg" padding={0} className={classes.card} data-testid="effect-template">
      <div className={classes.clip}>
        <LoopingClip src={template.previewUrl} poster={template.posterUrl} label={template.name} />
        <Badge
          className={classes.badge}
          variant="white"
          color="dark"
          size="sm"
          leftSection={two ? <IconUsers size={12} /> : <IconPhoto size={12} />}
        >
          {t(two ? 'videoTools.templates.twoPhotos' : 'videoTools.templates.onePhoto')}
        </Badge>
      </div>
      <Stack gap={8} p="sm">
        <Text fw={600} size="sm" truncate>
          {template.name}
        </Text>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={2} wrap="nowrap">
            <IconBolt size={14} color="var(--mantine-color-yellow-6)" aria-hidden="true" />
            <Text size="xs" c="dimmed">
              {t('videoTools.templates.cost', { count: EFFECT_COST })}
            </Text>
          </Group>
          <Button
            component={Link}
            to={effectStudioPath(template.key)}
            size="compact-sm"
            radius="xl"
            aria-label={t('videoTools.templates.useLabel', { name: template.name })}
          >
            {t('videoTools.templates.use')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** `/studio/templates`: the effect templates as looping clips, each opening the video studio. */
export function TemplatesPage() {
  const { t } = useTranslation();
  const ready = useSectionTexts(videoToolsTexts);
  const templates = useEffectTemplates();
  if (!ready) return <PageLoader />;
  const language = getCurrentLanguage();
  const rows = (templates.data ?? []).map((row) => effectTemplateOf(row, language));

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <div>
        <Title order={2}>{t('videoTools.templates.title')}</Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('videoTools.templates.intro')}
        </Text>
      </div>
      {templates.isPending ? (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} radius="lg" style={{ aspectRatio: '4 / 6' }} />
          ))}
        </SimpleGrid>
      ) : templates.isError ? (
        <Alert color="red" variant="light">
          <Group justify="space-between">
            <Text size="sm">{t('videoTools.templates.error')}</Text>
            <Button size="compact-sm" variant="light" onClick={() => void templates.refetch()}>
              {t('videoTools.templates.retry')}
            </Button>
          </Group>
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('videoTools.templates.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
          {rows.map((template) => (
            <TemplateCard key={template.key} template={template} />
          ))}
        </SimpleGrid>
      )}
      <Text size="xs" c="dimmed">
        {t('videoTools.templates.previewNote')}
      </Text>
    </Stack>
  );
}
