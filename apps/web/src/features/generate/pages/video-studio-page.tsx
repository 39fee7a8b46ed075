import { DEFAULT_MOTION_STRENGTH, MOTION_STRENGTH_MAX } from '@lumen/contracts/vivago';
import {
  aspectRatios,
  videoResolutions,
  videoStyles,
  type VideoResolution,
  type VideoStyle,
} from '@lumen/contracts/generation';
import type { TaskResult } from '@lumen/contracts/tasks';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSectionTexts } from '../../../shared/i18n/section-texts';
import { closestRatio } from '../aspect-ratio';
import { AspectRatioPicker } from '../components/aspect-ratio-picker';
import { CameraControl, type Camera } from '../components/camera-control';
import { CostBar } from '../components/cost-bar';
import { GatedSwitch } from '../components/gated-option';
import type { PickedImage } from '../components/image-input';
import { LabeledSlider } from '../components/labeled-slider';
import { OptionChips } from '../components/option-chips';
import { AdvancedSettings } from '../components/advanced-settings';
import { PromptBox } from '../components/prompt-box';
import { SettingsSection, StudioShell } from '../components/studio-shell';
import { StudioResults } from '../components/studio-results';
import { VideoFrames } from '../components/video-frames';
import { promptUpgrade, useGating } from '../gating';
import { focusPrompt, promptProblem } from '../prompt-rules';
import { checkKeyframePair, taskImageRules } from '../upload-image';
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
import { VideoModePicker } from '../video/video-mode-picker';
import { isGenerationMode, videoModeOf, type GenerationMode } from '../video/video-modes';
import { VideoToolStudio } from '../video/video-tool-studio';
import { videoStudioTexts } from '../video/video-studio-texts';

/** The generation modes, and the task type each submits. */
const modes = {
  text: 'video_diffusion',
  image: 'video_diffusion_img2vid',
  keyframes: 'video_diffusion_keyframes',
} as const satisfies Record<GenerationMode, string>;
const durations = [5, 10];
/** Frame rates offered: film's 24, and 30 for smoother motion (longer to make). */
const frameRates = [24, 30];

/**
 * `/studio/video`: every spec §3 video mode, `?mode=` picking one (see docs/studio.md for the
 * prefill a link may carry). Text, image and keyframes share the generation's settings; each
 * video tool has its own inputs.
 */
export function VideoStudioPage() {
  useSectionTexts(videoStudioTexts);
  const [params, setParams] = useSearchParams();
  const current = videoModeOf(params.get('mode'));
  const prefill = useStudioPrefill();
  const setMode = (next: string) => setParams({ mode: next }, { replace: true });
  const picker = <VideoModePicker value={current.mode} onChange={setMode} />;
  if (isGenerationMode(current.mode) || !current.toolId) {
    const mode = isGenerationMode(current.mode) ? current.mode : 'text';
    return <GenerationStudio mode={mode} picker={picker} prefill={prefill} />;
  }
  return (
    <VideoToolStudio
      key={current.mode}
      mode={current.mode}
      toolId={current.toolId}
      picker={picker}
      prefill={prefill}
    />
  );
}

interface GenerationStudioProps {
  mode: GenerationMode;
  picker: ReactNode;
  prefill: ReturnType<typeof useStudioPrefill>;
}

/** Text, image or first-and-last-frame to video. */
function GenerationStudio({ mode, picker, prefill }: GenerationStudioProps) {
  const { t } = useTranslation();
  const gating = useGating();
  const [prompt, setPrompt] = useState(prefill.prompt ?? '');
  const [negative, setNegative] = useState(prefill.negative ?? '');
  const [magic, setMagic] = useState(false);
  const [style, setStyle] = useState<VideoStyle>(prefill.style ?? 'realistic');
  const [resolution, setResolution] = useState<VideoResolution>('720p');
  const [duration, setDuration] = useState(5);
  const [fps, setFps] = useState(24);
  const [motion, setMotion] = useState(DEFAULT_MOTION_STRENGTH);
  const [camera, setCamera] = useState<Camera>({ x: 0, y: 0, zoom: 0 });
  const [ratio, setRatio] = useState(prefill.ratio ?? '16:9');
  const [seed, setSeed] = useState<number | null>(prefill.seed ?? null);
  const [isPrivate, setPrivate] = useState(false);
  const [sound, setSound] = useState(false);
  const [first, setFirst] = useState<PickedImage | null>(null);
  const [last, setLast] = useState<PickedImage | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const { generate, recreate: recreateRun, retry, submitting, fieldErrors } = useGenerate('video');
  const tasks = useStudioTasks('video');
  const uploads = usePendingUploads();
  // "Image to video" from a result of the library arrives with `?mode=image&from=`.
  useOutputReference(prefill, taskImageRules, setFirst);
  // Its mode came with the address (studioPath); the frames come with the run.
  useRecreateSource(
    prefill,
    'video',
    useCallback(({ request, images }: RecreateSource) => {
      const p = request.params;
      setPrompt(request.prompt);
      setNegative(request.negative_prompt);
      setStyle(videoStyles.find((s) => s === p.style) ?? 'realistic');
      setResolution(p.resolution);
      setDuration(p.duration);
      setFps(frameRates.includes(p.fps) ? p.fps : 24);
      setMotion(p.motion_strength);
      setCamera({ x: p.cm_x, y: p.cm_y, zoom: p.cm_d });
      if ((aspectRatios as readonly string[]).includes(p.wh_ratio)) setRatio(p.wh_ratio);
      setPrivate(p.private);
      setSound(p.sound_effect);
      setFirst(images[0] ?? null);
      setLast(images[1] ?? null);
    }, []),
  );

  const taskType = modes[mode];
  const runDuration = gating.videoSeconds.includes(duration) ? duration : 5;
  const runPrivate = isPrivate && gating.allows('private');
  const runSound = sound && gating.allows('sound_effect');
  const quote = useQuote({
    task_type: taskType,
    count: 1,
    duration: runDuration,
    private: runPrivate,
    features: runSound ? ['sound_effect'] : [],
  });
  const problem = promptProblem(prompt, mode === 'text');
  const images = mode === 'text' ? [] : mode === 'image' ? [first] : [first, last];
  const missing = images.some((image) => image === null);
  const keyframeProblem =
    mode === 'keyframes' && first && last ? checkKeyframePair(first, last) : null;

  function draft(
    promptText: string,
    seedValue: number,
    keys: string[],
    shape: string,
  ): SubmitDraft {
    return {
      prompt: promptText.trim(),
      negative_prompt: negative.trim(),
      params: {
        seed: seedValue,
        style,
        resolution,
        duration: runDuration,
        fps,
        motion_strength: motion,
        cm_x: camera.x,
        cm_y: camera.y,
        cm_d: camera.zoom,
        wh_ratio: shape,
        private: runPrivate,
        sound_effect: runSound,
      },
      images: keys,
      magic_prompt: magic && mode !== 'keyframes',
      ...(prefill.remixOf ? { remix_of: prefill.remixOf } : {}),
    };
  }

  function onGenerate() {
    if (uploads.uploading) return;
    setShowErrors(true);
    if (problem) focusPrompt();
    if (problem || missing || keyframeProblem) return;
    const keys = images.flatMap((image) => (image ? [image.key] : []));
    const shape = first && mode !== 'text' ? closestRatio(first.width, first.height) : ratio;
    generate(taskType, draft(prompt, seed ?? -1, keys, shape));
  }

  /** Same settings, new seed; a row that does not say how it was made is redone as text to video. */
  function recreate(task: TaskResult) {
    if (!recreateRun(task) && task.prompt) {
      generate('video_diffusion', draft(task.prompt, -1, [], ratio));
    }
  }

  const promptError =
    fieldErrors.find((f) => f.field === 'prompt')?.message ??
    (showErrors && problem === 'required' ? t('generate.prompt.required') : null);
  const blocker = uploads.uploading
    ? t('generate.upload.waitForUpload')
    : missing
      ? t(mode === 'image' ? 'generate.video.needImage' : 'generate.video.needFrames')
      : keyframeProblem
        ? t('generate.upload.keyframeRatio')
        : null;

  const settings = (
    <>
      {picker}
      {mode === 'text' ? null : (
        <VideoFrames
          mode={mode}
          first={first}
          last={last}
          onFirst={setFirst}
          onLast={setLast}
          onBusyChange={uploads.onBusyChange}
        />
      )}
      <PromptBox
        value={prompt}
        onChange={setPrompt}
        required={mode === 'text'}
        placeholder={t(
          mode === 'text'
            ? 'generate.prompt.videoPlaceholder'
            : 'generate.prompt.motionPlaceholder',
        )}
        error={promptError}
        negative={{ value: negative, onChange: setNegative }}
        magic={{ value: magic, onChange: setMagic, unavailable: mode === 'keyframes' }}
      />
      <SettingsSection title={t('generate.settings.look')}>
        <OptionChips
          label={t('generate.settings.style')}
          value={style}
          onChange={setStyle}
          columns={3}
          options={videoStyles.map((s) => ({ value: s, label: t(`generate.styles.${s}`) }))}
        />
      </SettingsSection>
      <SettingsSection title={t('generate.settings.output')}>
        {mode === 'text' ? <AspectRatioPicker value={ratio} onChange={setRatio} /> : null}
        <OptionChips
          label={t('generate.video.resolution')}
          value={resolution}
          onChange={setResolution}
          columns={3}
          options={videoResolutions.map((r) => ({ value: r, label: r }))}
        />
        <OptionChips
          label={t('generate.video.duration')}
          value={runDuration}
          onChange={setDuration}
          onLocked={() => promptUpgrade('longVideo', { seconds: Math.max(...gating.videoSeconds) })}
          columns={2}
          options={durations.map((d) => ({
            value: d,
            label: t('generate.video.seconds', { count: d }),
            locked: !gating.videoSeconds.includes(d),
          }))}
        />
        <OptionChips
          label={t('generate.video.fps')}
          value={fps}
          onChange={setFps}
          columns={2}
          options={frameRates.map((r) => ({
            value: r,
            label: t('generate.video.fpsOption', { count: r }),
          }))}
        />
        <GatedSwitch
          feature="sound_effect"
          reason="soundEffect"
          label={t('generate.video.soundEffect')}
          description={t('generate.video.soundEffectHint')}
          checked={runSound}
          onChange={setSound}
        />
      </SettingsSection>
      <SettingsSection title={t('generate.video.motion')}>
        <LabeledSlider
          label={t('generate.video.motionStrength')}
          hint={t('generate.video.motionHint')}
          value={motion}
          onChange={setMotion}
          min={0}
          max={MOTION_STRENGTH_MAX}
          step={0.5}
        />
        <CameraControl value={camera} onChange={setCamera} />
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
      kind="video"
      onSubmit={onGenerate}
      settings={settings}
      footer={<CostBar quote={quote} submitting={submitting} blocker={blocker} />}
      results={
        <StudioResults
          kind="video"
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
