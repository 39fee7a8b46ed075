import type { TaskResult } from '@lumen/contracts/tasks';
import { SegmentedControl } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CostBar } from '../components/cost-bar';
import { ImageInput, type PickedImage } from '../components/image-input';
import { AdvancedSettings } from '../components/advanced-settings';
import { PromptBox } from '../components/prompt-box';
import { StudioShell } from '../components/studio-shell';
import { StudioResults } from '../components/studio-results';
import { useGating } from '../gating';
import { focusPrompt, promptProblem } from '../prompt-rules';
import { modelImageRules } from '../upload-image';
import { useGenerate, type SubmitDraft } from '../use-generate';
import { useQuote } from '../use-quote';
import {
  useOutputReference,
  useRecreateSource,
  useStudioPrefill,
  type RecreateSource,
} from '../use-studio-prefill';
import { usePendingUploads } from '../use-pending-uploads';
import { useStudioTasks } from '../use-studio-tasks';

const modes = { text: 'text_to_3d', image: 'image_to_3d' } as const;
type Mode = keyof typeof modes;

/** `/studio/3d`: a GLB model from a description or from one image. */
export function ModelStudioPage() {
  const { t } = useTranslation();
  const gating = useGating();
  const prefill = useStudioPrefill();
  // "Image to 3D" from a result of the library arrives with `?from=`.
  const [mode, setMode] = useState<Mode>(prefill.referenceFromOutput ? 'image' : 'text');
  const [prompt, setPrompt] = useState(prefill.prompt ?? '');
  const [image, setImage] = useState<PickedImage | null>(null);
  const [seed, setSeed] = useState<number | null>(prefill.seed ?? null);
  const [isPrivate, setPrivate] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const { generate, recreate: recreateRun, retry, submitting, fieldErrors } = useGenerate('3d');
  const tasks = useStudioTasks('3d');
  const uploads = usePendingUploads();
  useOutputReference(prefill, modelImageRules, setImage);
  useRecreateSource(
    prefill,
    '3d',
    useCallback(({ taskType, request, images }: RecreateSource) => {
      setMode(taskType === 'image_to_3d' ? 'image' : 'text');
      setPrompt(request.prompt);
      setPrivate(request.params.private);
      setImage(images[0] ?? null);
    }, []),
  );

  const taskType = modes[mode];
  const runPrivate = isPrivate && gating.allows('private');
  const quote = useQuote({ task_type: taskType, count: 1, private: runPrivate });
  const problem = promptProblem(prompt, mode === 'text');
  const missing = mode === 'image' && image === null;

  function draft(promptText: string, seedValue: number, keys: string[]): SubmitDraft {
    return {
      prompt: promptText.trim(),
      params: { seed: seedValue, private: runPrivate },
      images: keys,
      ...(prefill.remixOf ? { remix_of: prefill.remixOf } : {}),
    };
  }

  function onGenerate() {
    if (uploads.uploading) return;
    setShowErrors(true);
    if (problem) focusPrompt();
    if (problem || missing) return;
    generate(taskType, draft(prompt, seed ?? -1, mode === 'image' && image ? [image.key] : []));
  }

  function recreate(task: TaskResult) {
    if (!recreateRun(task) && task.prompt) {
      generate('text_to_3d', draft(task.prompt, -1, []));
    }
  }

  const promptError =
    fieldErrors.find((f) => f.field === 'prompt')?.message ??
    (showErrors && problem === 'required' ? t('generate.prompt.required') : null);

  const settings = (
    <>
      <SegmentedControl
        fullWidth
        value={mode}
        onChange={(next) => setMode(next === 'image' ? 'image' : 'text')}
        aria-label={t('generate.model3d.mode')}
        data={(Object.keys(modes) as Mode[]).map((m) => ({
          value: m,
          label: t(`generate.model3d.modes.${m}`),
        }))}
      />
      {mode === 'image' ? (
        <ImageInput
          label={t('generate.model3d.sourceImage')}
          hint={t('generate.model3d.sourceHint')}
          rules={modelImageRules}
          value={image}
          onChange={setImage}
          onBusyChange={uploads.onBusyChange}
        />
      ) : null}
      <PromptBox
        value={prompt}
        onChange={setPrompt}
        required={mode === 'text'}
        placeholder={t(
          mode === 'text'
            ? 'generate.prompt.modelPlaceholder'
            : 'generate.prompt.modelImagePlaceholder',
        )}
        error={promptError}
      />
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
      kind="3d"
      onSubmit={onGenerate}
      settings={settings}
      footer={
        <CostBar
          quote={quote}
          submitting={submitting}
          blocker={
            uploads.uploading
              ? t('generate.upload.waitForUpload')
              : missing
                ? t('generate.model3d.needImage')
                : null
          }
        />
      }
      results={
        <StudioResults
          kind="3d"
          tasks={tasks}
          watermark={gating.watermark}
          onReuseSeed={setSeed}
          onRecreate={recreate}
          onRetry={retry}
          onPickIdea={setPrompt}
        />
      }
    />
  );
}
