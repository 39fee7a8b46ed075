import {
  translateLanguages,
  type OcrLine,
  type TranslateLanguage,
} from '@lumen/contracts/ecommerce';
import type { TaskResult } from '@lumen/contracts/tasks';
import { TRANSLATE_LINE_MAX, TRANSLATE_LINES_MAX } from '@lumen/contracts/tools/image-translate';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import { ImageInput, type PickedImage } from '../../generate/components/image-input';
import { taskImageRules } from '../../generate/upload-image';
import { StudioFrame } from '../studios/studio-frame';
import { StudioResults, type ResultGroup } from '../studios/studio-results';
import { useStudioRun } from '../studios/use-studio-run';
import { readPictureText } from './shop-api';

type Problem = 'needsPhoto' | 'needsRead' | 'needsLine' | null;

/**
 * The translate tab: a picture's lines are read by OCR on the server, the user types each
 * line's translation, and image_translate paints the old text away and draws the new.
 */
export function TranslateTab() {
  const { t } = useTranslation();
  const run = useStudioRun('image_translate');
  const signedIn = useSession((s) => s.user !== null);
  const [photo, setPhoto] = useState<PickedImage | null>(null);
  const [uploading, setUploading] = useState(0);
  const [reading, setReading] = useState(false);
  const [lines, setLines] = useState<OcrLine[] | null>(null);
  const [translations, setTranslations] = useState<string[]>([]);
  const [source, setSource] = useState<TranslateLanguage>('en');
  const [target, setTarget] = useState<TranslateLanguage>('es');
  const [problem, setProblem] = useState<Problem>(null);
  const same = source === target;

  const read = async () => {
    if (!signedIn) {
      useSession.getState().openLogin();
      return;
    }
    if (!photo) {
      setProblem('needsPhoto');
      return;
    }
    setReading(true);
    setProblem(null);
    try {
      const found = await readPictureText(photo.key);
      const kept = found.lines.slice(0, TRANSLATE_LINES_MAX);
      setLines(kept);
      setTranslations(kept.map(() => ''));
    } catch {
      // The API client has already shown the server's refusal in words.
    } finally {
      setReading(false);
    }
  };

  const submit = () => {
    if (!photo) return setProblem('needsPhoto');
    if (!lines) return setProblem('needsRead');
    if (same) return;
    const chosen = lines
      .map((line, index) => ({ line, translation: (translations[index] ?? '').trim() }))
      .filter((item) => item.translation !== '');
    if (chosen.length === 0) return setProblem('needsLine');
    void run.start(
      {
        images: [photo.key],
        prompt: '',
        params: {
          source,
          target,
          lines: chosen.map(({ line, translation }) => ({
            text: line.text.slice(0, TRANSLATE_LINE_MAX),
            translation,
            box: {
              x: Math.max(0, line.box.x),
              y: Math.max(0, line.box.y),
              width: Math.max(1, line.box.width),
              height: Math.max(1, line.box.height),
            },
          })),
        },
      },
      1,
    );
  };

  const groups = (task: TaskResult): ResultGroup[] =>
    task.sub_task_results.map((output) => ({
      title: t('shop.translate.result'),
      parts: [{ label: t('shop.translate.translated'), output }],
      downloads: [{ label: t('shop.translate.translated'), output }],
    }));

  const languages = translateLanguages.map((code) => ({
    value: code,
    label: t(`shop.translate.languages.${code}`),
  }));

  return (
    <StudioFrame
      toolId="image_translate"
      titleOrder={2}
      subtitle={t('shop.translate.subtitle')}
      count={1}
      busy={run.submitting || uploading > 0 || reading}
      onSubmit={submit}
      results={<StudioResults task={run.task} groups={groups} />}
      form={
        <>
          <ImageInput
            label={t('shop.translate.photo')}
            rules={taskImageRules}
            value={photo}
            onChange={(value) => {
              setPhoto(value);
              setLines(null);
              setTranslations([]);
              setProblem(null);
            }}
            onBusyChange={(value) => setUploading((n) => n + (value ? 1 : -1))}
          />
          <Group gap="xs">
            <Button
              variant="light"
              leftSection={<IconScan size={16} />}
              loading={reading}
              disabled={!photo || uploading > 0}
              onClick={() => void read()}
            >
              {t('shop.translate.read')}
            </Button>
          </Group>
          {lines && lines.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('shop.translate.noLines')}
            </Text>
          ) : null}
          {lines && lines.length > 0 ? (
            <Stack gap="xs" data-testid="translate-lines">
              <Text size="sm" fw={500}>
                {t('shop.translate.lines')}
              </Text>
              {lines.map((line, index) => (
                <TextInput
                  key={`${index}-${line.text}`}
                  label={t('shop.translate.lineLabel', { text: line.text })}
                  value={translations[index] ?? ''}
                  maxLength={TRANSLATE_LINE_MAX}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setProblem(null);
                    setTranslations((list) => list.map((v, i) => (i === index ? value : v)));
                  }}
                />
              ))}
            </Stack>
          ) : null}
          <Group grow gap="xs" align="flex-start">
            <Select
              label={t('shop.translate.source')}
              value={source}
              allowDeselect={false}
              data={languages}
              onChange={(value) => value && setSource(value as TranslateLanguage)}
            />
            <Select
              label={t('shop.translate.target')}
              value={target}
              allowDeselect={false}
              data={languages}
              error={same ? t('shop.translate.sameLanguage') : null}
              onChange={(value) => value && setTarget(value as TranslateLanguage)}
            />
          </Group>
          {problem ? (
            <Text size="sm" c="red" role="alert">
              {t(`shop.translate.${problem}`)}
            </Text>
          ) : null}
        </>
      }
    />
  );
}
