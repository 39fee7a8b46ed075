import {
  aspectRatios,
  imageModels,
  videoStyles,
  type VideoStyle,
} from '@lumen/contracts/generation';
import type { TaskResult } from '@lumen/contracts/tasks';
import { Select, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AspectRatioPicker } from '../components/aspect-ratio-picker';
import { CostBar, type CostFit } from '../components/cost-bar';
import { ImageInput, type PickedImage } from '../components/image-input';
import { LabeledSlider } from '../components/labeled-slider';
import { ModelSelect, type ImageModel } from '../components/model-select';
import { OptionChips } from '../components/option-chips';
import { AdvancedSettings } from '../components/advanced-settings';
import { PromptBox } from '../components/prompt-box';
import { SettingsSection, StudioShell } from '../components/studio-shell';
import { StudioResults } from '../components/studio-results';
import { isLockedModel, promptUpgrade, useGating } from '../gating';
import { focusPrompt, promptProblem } from '../prompt-rules';
import { checkImageSize, taskImageRules } from '../upload-image';
import { toast } from '../../../shared/ui/toast';
import { useGenerate, type SubmitDraft } from '../use-generate';
import { useQuote } from '../use-quote';
import {
  useOutputReference,
  useRecreateSource,
  useRemixReference,
  useStudioPrefill,
  type RecreateSource,
} from '../use-studio-prefill';
import { usePendingUploads } from '../use-pending-uploads';
import { useStudioTasks } from '../use-studio-tasks';

const counts = [1, 2, 3, 4];
const REFERENCE_INPUT_ID = 'image-studio-reference';

/** `/studio/image`: text to image, or image to image once a reference is added. */
export function ImageStudioPage() {
  const { t } = useTranslation();
  const gating = useGating();
  const prefill = useStudioPrefill();
  const [prompt, setPrompt] = useState(prefill.prompt ?? '');
  const [negative, setNegative] = useState(prefill.negative ?? '');
  const [magic, setMagic] = useState(false);
  const [ratio, setRatio] = useState(prefill.ratio ?? '1:1');
  const [count, setCount] = useState(2);
  const [style, setStyle] = useState<VideoStyle>(prefill.style ?? 'realistic');
  const [model, setModel] = useState<ImageModel>('standard');
  const [seed, setSeed] = useState<number | null>(prefill.seed ?? null);
  const [isPrivate, setPrivate] = useState(false);
  const [reference, setReference] = useState<PickedImage | null>(null);
  const [strength, setStrength] = useState(0.6);
  const [showErrors, setShowErrors] = useState(false);
  const { generate, recreate: recreateRun, retry, submitting, fieldErrors } = useGenerate('image');
  const tasks = useStudioTasks('image');
  const uploads = usePendingUploads();
  useRemixReference(prefill, setReference);
  useOutputReference(prefill, taskImageRules, setReference);
  useRecreateSource(
    prefill,
    'image',
    useCallback(({ request, images }: RecreateSource) => {
      setPrompt(request.prompt);
      setNegative(request.negative_prompt);
      if ((aspectRatios as readonly string[]).includes(request.params.wh_ratio)) {
        setRatio(request.params.wh_ratio);
      }
      setCount(request.params.batch_size);
      setStyle(videoStyles.find((s) => s === request.params.style) ?? 'realistic');
      setModel(imageModels.find((m) => m === request.version) ?? 'standard');
      setStrength(request.params.strength);
      setPrivate(request.params.private);
      setReference(images[0] ?? null);
    }, []),
  );

  // A choice the plan no longer covers (the account loaded after it was made) falls back.
  const runCount = Math.min(count, gating.imagesPerRun);
  const runModel = isLockedModel(model, gating.allows('pro_image_model')) ? 'standard' : model;
  const runPrivate = isPrivate && gating.allows('private');
  const taskType = reference ? 'img2img' : 'txt2img';
  const quote = useQuote({
    task_type: taskType,
    count: runCount,
    private: runPrivate,
    model: runModel,
  });
  const problem = promptProblem(prompt, taskType === 'txt2img');
  // Fewer pictures that the balance pays for, offered when this many cost more than it holds.
  // The models cost the same per picture, so fewer pictures is the saving on offer here.
  const perImage = runCount > 0 ? quote.cost / runCount : 0;
  const affordable = quote.quote && perImage > 0 ? Math.floor(quote.quote.balance / perImage) : 0;
  const fewerThatFit: CostFit[] =
    affordable >= 1 && affordable < runCount
      ? [
          {
            label: t('generate.intercept.fewer', { count: affordable }),
            apply: () => setCount(affordable),
          },
        ]
      : [];

  function draftFor(promptText: string, seedValue: number): SubmitDraft {
    return {
      prompt: promptText.trim(),
      negative_prompt: negative.trim(),
      params: {
        batch_size: runCount,
        seed: seedValue,
        style,
        private: runPrivate,
        ...(reference ? { strength } : { wh_ratio: ratio }),
      },
      images: reference ? [reference.key] : [],
      magic_prompt: magic,
      version: runModel,
      ...(prefill.remixOf ? { remix_of: prefill.remixOf } : {}),
    };
  }

  function onGenerate() {
    if (uploads.uploading) return;
    setShowErrors(true);
    if (problem) {
      focusPrompt();
      return;
    }
    generate(taskType, draftFor(prompt, seed ?? -1));
  }

  /** Same settings, new seed: the run's own request, or this page's settings when it is unknown. */
  function recreate(task: TaskResult) {
    if (!recreateRun(task)) generate(taskType, draftFor(task.prompt, -1));
  }

  /** "Use as reference": the result goes in by its key, and the page shows where it went. */
  function useAsReference(image: PickedImage) {
    const problem = checkImageSize(image, taskImageRules);
    if (problem) {
      toast({ type: 'error', message: t(`generate.upload.${problem.key}`, problem.values) });
      return;
    }
    setReference(image);
    toast({ type: 'success', message: t('generate.result.referenceSet') });
    document
      .getElementById(REFERENCE_INPUT_ID)
      ?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }

  const promptError =
    fieldErrors.find((f) => f.field === 'prompt')?.message ??
    (showErrors && problem === 'required' ? t('generate.prompt.required') : null);

  const settings = (
    <>
      <PromptBox
        value={prompt}
        onChange={setPrompt}
        required={taskType === 'txt2img'}
        placeholder={t('generate.prompt.imagePlaceholder')}
        error={promptError}
        negative={{ value: negative, onChange: setNegative }}
        magic={{ value: magic, onChange: setMagic }}
      />
      <SettingsSection title={t('generate.settings.composition')}>
        {reference ? (
          <Text size="xs" c="dimmed">
            {t('generate.settings.ratioFromImage')}
          </Text>
        ) : (
          <AspectRatioPicker value={ratio} onChange={setRatio} />
        )}
        <OptionChips
          label={t('generate.settings.count')}
          value={runCount}
          onChange={setCount}
          onLocked={() => promptUpgrade('moreImages')}
          columns={4}
          options={counts.map((n) => ({
            value: n,
            label: String(n),
            name: t('generate.settings.countOption', { count: n }),
            locked: n > gating.imagesPerRun,
          }))}
        />
      </SettingsSection>
      <SettingsSection title={t('generate.settings.look')}>
        <Select
          label={t('generate.settings.style')}
          value={style}
          allowDeselect={false}
          checkIconPosition="right"
          data={videoStyles.map((s) => ({ value: s, label: t(`generate.styles.${s}`) }))}
          onChange={(next) => setStyle(videoStyles.find((s) => s === next) ?? 'realistic')}
        />
        <ModelSelect value={runModel} onChange={setModel} />
      </SettingsSection>
      <SettingsSection title={t('generate.settings.reference')}>
        <div id={REFERENCE_INPUT_ID}>
          <ImageInput
            label={t('generate.settings.referenceImage')}
            hint={t('generate.settings.referenceHint')}
            rules={taskImageRules}
            value={reference}
            onChange={setReference}
            onBusyChange={uploads.onBusyChange}
          />
        </div>
        {reference ? (
          <LabeledSlider
            label={t('generate.settings.strength')}
            hint={t('generate.settings.strengthHint')}
            value={strength}
            onChange={setStrength}
            min={0.05}
            max={1}
            step={0.05}
          />
        ) : null}
      </SettingsSection>
      <AdvancedSettings
        seed={seed}
        onSeedChange={setSeed}
        isPrivate={runPrivate}
        onPrivateChange={setPrivate}
      />
    </>
  );

  return (
    <StudioShell
      kind="image"
      onSubmit={onGenerate}
      settings={settings}
      footer={
        <CostBar
          quote={quote}
          submitting={submitting}
          blocker={uploads.uploading ? t('generate.upload.waitForUpload') : null}
          fits={fewerThatFit}
        />
      }
      results={
        <StudioResults
          kind="image"
          tasks={tasks}
          watermark={gating.watermark}
          onReuseSeed={setSeed}
          onRecreate={recreate}
          onRetry={retry}
          onUseAsReference={useAsReference}
          onPickIdea={setPrompt}
        />
      }
    />
  );
}
