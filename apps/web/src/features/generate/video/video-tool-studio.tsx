import { videoStyles, type VideoStyle } from '@lumen/contracts/generation';
import { imageRulesOf, toolOf, videoRulesOf, type ToolId } from '@lumen/contracts/tools';
import { SPEECH_TEXT_MAX_LENGTH } from '@lumen/contracts/tools/mouth-speech';
import { SegmentedControl, Stack, Textarea } from '@mantine/core';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getCurrentLanguage } from '../../../shared/i18n/i18n';
import { toast } from '../../../shared/ui/toast';
import { useEffects, effectOf, type EffectTemplate } from '../api/list-effects';
import { useVoices } from '../api/list-voices';
import { CostBar } from '../components/cost-bar';
import { ImageInput, type PickedImage } from '../components/image-input';
import { OptionChips } from '../components/option-chips';
import { PromptBox } from '../components/prompt-box';
import { SettingsSection, StudioShell } from '../components/studio-shell';
import { StudioResults } from '../components/studio-results';
import { promptUpgrade, useGating } from '../gating';
import { focusPrompt } from '../prompt-rules';
import type { StudioPrefill } from '../studio-prefill';
import type { StudioTaskType } from '../task-kinds';
import { useGenerate, type SubmitDraft } from '../use-generate';
import { usePendingUploads } from '../use-pending-uploads';
import { useQuote } from '../use-quote';
import { useStudioTasks } from '../use-studio-tasks';
import { AudioInput, type PickedAudio } from './audio-input';
import { EffectPicker } from './effect-picker';
import { brushProblem, paintedAreas, type MotionBrush } from './motion-brush';
import { MotionBrushCanvas } from './motion-brush-canvas';
import { exportBrushMasks } from './export-brush';
import { UploadError } from './upload-media';
import { useOutputMedia } from './use-output-media';
import { CharacterPicker } from './character-picker';
import { CHARACTER_MODE, EFFECT_MODE } from './video-modes';
import { VideoInput, type PickedClip } from './video-input';
import { VoicePicker } from './voice-picker';
import classes from './video-studio.module.css';

/** Modes where a few words steer the result; the others take none (4K, lip sync, effects). */
const promptModes = new Set([
  'multi_image',
  'extend',
  'stylize',
  'audio_animate',
  'brush',
  'character',
]);
const extendDurations = [5, 10];
/** Spec §4: an extended video cannot be enhanced to 4K or lip-synced. */
const notForExtended = new Set(['enhance', 'lip_sync']);

type Source = 'picture' | 'clip';
type Speech = 'text' | 'audio';

interface VideoToolStudioProps {
  mode: string;
  toolId: ToolId;
  picker: ReactNode;
  prefill: StudioPrefill;
}

/**
 * A video tool's mode of the studio: the inputs its definition declares (clips, pictures,
 * voice track or spoken text, brushed areas, effect, style), checked as they are chosen, the
 * quote's cost, and the run sent to the gateway as the tool takes it.
 */
export function VideoToolStudio({ mode, toolId, picker, prefill }: VideoToolStudioProps) {
  const { t } = useTranslation();
  const gating = useGating();
  const tool = toolOf(toolId);
  const isEffect = mode === EFFECT_MODE;
  const [prompt, setPrompt] = useState(prefill.prompt ?? '');
  const [clip, setClip] = useState<PickedClip | null>(null);
  const [pictures, setPictures] = useState<(PickedImage | null)[]>([]);
  const [audio, setAudio] = useState<PickedAudio | null>(null);
  const [characterId, setCharacterId] = useState<number | null>(null);
  const [speechText, setSpeechText] = useState('');
  const [chosenVoice, setVoice] = useState<string | null>(null);
  const [source, setSource] = useState<Source>('picture');
  const [speech, setSpeech] = useState<Speech>('text');
  const [chosenEffect, setEffect] = useState<EffectTemplate | null>(null);
  const [style, setStyle] = useState<VideoStyle>(prefill.style ?? 'cartoon');
  const [duration, setDuration] = useState(5);
  const [brush, setBrush] = useState<MotionBrush>([]);
  const [preparing, setPreparing] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const { generate, recreate, retry, submitting, fieldErrors } = useGenerate('video');
  const tasks = useStudioTasks('video');
  const uploads = usePendingUploads();

  // The effect a link names, once the templates are known, until the user picks another.
  const effects = useEffects(isEffect);
  const linkedEffect = effects.data?.find((item) => item.key === prefill.effect);
  const effect =
    chosenEffect ??
    (isEffect && linkedEffect ? effectOf(linkedEffect, getCurrentLanguage()) : null);

  const [minImages, maxImages] = isEffect
    ? [effect?.images ?? 1, effect?.images ?? 1]
    : tool.inputs.images;
  const takesClip = (tool.inputs.videos?.[1] ?? 0) > 0;
  const takesPicture = maxImages > 0;
  const choosesSource = takesClip && takesPicture;
  const usesClip = takesClip && (!choosesSource || source === 'clip');
  const usesPictures = takesPicture && (!choosesSource || source === 'picture');
  const takesAudio = (tool.inputs.audios?.[1] ?? 0) > 0;
  const speaks = mode === 'lip_sync';
  const usesAudio = takesAudio && (!speaks || speech === 'audio');
  const takesPrompt = promptModes.has(mode);

  const setFirstPicture = useCallback((picture: PickedImage) => {
    setPictures([picture]);
    setSource('picture');
  }, []);
  const setPrefilledClip = useCallback((picked: PickedClip) => {
    setClip(picked);
    setSource('clip');
  }, []);
  useOutputMedia(prefill, {
    ...(takesClip ? { onClip: setPrefilledClip } : {}),
    ...(takesPicture ? { onPicture: setFirstPicture } : {}),
  });

  // The voice that speaks the reader's language, until the user picks another.
  const voices = useVoices(mode === 'lip_sync');
  const language = getCurrentLanguage();
  const voice =
    chosenVoice ??
    (voices.data?.find((v) => v.language === language) ?? voices.data?.[0])?.id ??
    null;

  const runDuration = gating.videoSeconds.includes(duration) ? duration : 5;
  const quote = useQuote({
    task_type: toolId,
    count: 1,
    ...(mode === 'extend' ? { duration: runDuration } : {}),
    ...(isEffect ? { effect: true } : {}),
  });

  const chosenPictures = pictures.slice(0, maxImages).filter((p): p is PickedImage => p !== null);
  const needs = (() => {
    if (isEffect && !effect) return t('videoStudio.needs.effect');
    if (mode === CHARACTER_MODE && characterId === null) return t('videoStudio.needs.character');
    if (usesClip && !clip) return t('videoStudio.needs.clip');
    if (usesPictures && chosenPictures.length < Math.max(1, minImages)) {
      return t('videoStudio.needs.pictures', { count: Math.max(1, minImages) });
    }
    if (usesAudio && !audio) return t('videoStudio.needs.audio');
    if (speaks && speech === 'text' && (!speechText.trim() || !voice)) {
      return t('videoStudio.needs.speech');
    }
    if (mode === 'brush') {
      const problem = brushProblem(brush);
      if (problem) return t(`videoStudio.brush.problems.${problem}`);
    }
    return null;
  })();
  const promptMissing = tool.inputs.prompt === 'required' && !prompt.trim();
  const blocker = uploads.uploading
    ? t('generate.upload.waitForUpload')
    : preparing
      ? t('videoStudio.brush.preparing')
      : needs;

  async function onGenerate() {
    if (uploads.uploading || preparing) return;
    setShowErrors(true);
    if (promptMissing) {
      focusPrompt();
      return;
    }
    if (needs) return;
    if (tool.gate && !gating.allows(tool.gate)) {
      promptUpgrade('feature');
      return;
    }
    const params: SubmitDraft['params'] = {};
    if (mode === 'extend') params.duration = runDuration;
    if (mode === 'stylize') params.style = style;
    if (isEffect && effect) params.effect = effect.key;
    if (mode === CHARACTER_MODE && characterId !== null) params.character_id = characterId;
    if (speaks && speech === 'text' && voice) {
      Object.assign(params, { speech_text: speechText.trim(), voice });
    }
    if (mode === 'brush') {
      const picture = chosenPictures[0];
      if (!picture) return;
      setPreparing(true);
      try {
        const areas = paintedAreas(brush);
        const masks = await exportBrushMasks(areas, picture.width, picture.height);
        Object.assign(params, {
          brushes: areas.map((a, i) => ({ color: a.color, mask: masks[i] })),
          tracks: areas.map((a) => ({ color: a.color, points: a.track })),
        });
      } catch (error) {
        setPreparing(false);
        const message =
          error instanceof UploadError && error.message !== 'failed'
            ? error.message
            : t('videoStudio.brush.maskFailed');
        toast({ type: 'error', message });
        return;
      }
      setPreparing(false);
    }
    const draft: SubmitDraft = {
      prompt: takesPrompt ? prompt.trim() : '',
      params,
      images: usesPictures ? chosenPictures.map((p) => p.key) : [],
      videos: usesClip && clip ? [clip.key] : [],
      audios: usesAudio && audio ? [audio.key] : [],
    };
    generate(toolId as StudioTaskType, draft);
  }

  const promptError =
    fieldErrors.find((f) => f.field === 'prompt')?.message ??
    (showErrors && promptMissing ? t('generate.prompt.required') : null);
  const imageRules = imageRulesOf(toolId);
  const pictureSlots = Math.min(maxImages, Math.max(minImages, chosenPictures.length + 1, 1));

  const settings = (
    <>
      {picker}
      {isEffect ? (
        <EffectPicker
          value={effect?.key ?? null}
          onChange={(next) => {
            setEffect(next);
            setPictures((current) => current.slice(0, next.images));
          }}
        />
      ) : null}
      {choosesSource ? (
        <SegmentedControl
          fullWidth
          value={source}
          onChange={(next) => setSource(next as Source)}
          aria-label={t('videoStudio.source.label')}
          data={[
            { value: 'picture', label: t('videoStudio.source.picture') },
            { value: 'clip', label: t('videoStudio.source.clip') },
          ]}
        />
      ) : null}
      {usesClip ? (
        <VideoInput
          label={t('videoStudio.clip.label')}
          {...(notForExtended.has(mode) ? { notFrom: ['video_extend'] } : {})}
          rules={videoRulesOf(toolId)}
          value={clip}
          onChange={setClip}
          onBusyChange={uploads.onBusyChange}
        />
      ) : null}
      {usesPictures && (!isEffect || effect) ? (
        <div className={pictureSlots > 1 ? classes.pictures : undefined}>
          {Array.from({ length: pictureSlots }, (_, i) => (
            <ImageInput
              key={i}
              label={
                pictureSlots > 1
                  ? t('videoStudio.pictures.numbered', { number: i + 1 })
                  : t(
                      mode === 'lip_sync' || mode === 'audio_animate'
                        ? 'videoStudio.pictures.portrait'
                        : 'videoStudio.pictures.one',
                    )
              }
              rules={imageRules}
              value={pictures[i] ?? null}
              onChange={(picture) =>
                setPictures((current) => {
                  const next = [...current];
                  if (picture) next[i] = picture;
                  else next.splice(i, 1);
                  return next;
                })
              }
              onBusyChange={uploads.onBusyChange}
            />
          ))}
        </div>
      ) : null}
      {mode === 'brush' && chosenPictures[0] ? (
        <SettingsSection title={t('videoStudio.brush.title')}>
          <MotionBrushCanvas
            key={chosenPictures[0].key}
            imageUrl={chosenPictures[0].previewUrl}
            width={chosenPictures[0].width}
            height={chosenPictures[0].height}
            value={brush}
            onChange={setBrush}
          />
        </SettingsSection>
      ) : null}
      {speaks ? (
        <SegmentedControl
          fullWidth
          value={speech}
          onChange={(next) => setSpeech(next as Speech)}
          aria-label={t('videoStudio.speech.label')}
          data={[
            { value: 'text', label: t('videoStudio.speech.text') },
            { value: 'audio', label: t('videoStudio.speech.audio') },
          ]}
        />
      ) : null}
      {speaks && speech === 'text' ? (
        <Stack gap="xs">
          <Textarea
            label={t('videoStudio.speech.textLabel')}
            placeholder={t('videoStudio.speech.placeholder')}
            value={speechText}
            onChange={(event) => setSpeechText(event.currentTarget.value)}
            maxLength={SPEECH_TEXT_MAX_LENGTH}
            autosize
            minRows={2}
            maxRows={6}
            description={`${speechText.length} / ${SPEECH_TEXT_MAX_LENGTH}`}
          />
          <VoicePicker value={voice} onChange={setVoice} />
        </Stack>
      ) : null}
      {usesAudio ? (
        <AudioInput
          label={t('videoStudio.audio.label')}
          value={audio}
          onChange={setAudio}
          onBusyChange={uploads.onBusyChange}
        />
      ) : null}
      {mode === CHARACTER_MODE ? (
        <CharacterPicker value={characterId} onChange={setCharacterId} />
      ) : null}
      {takesPrompt ? (
        <PromptBox
          value={prompt}
          onChange={setPrompt}
          required={tool.inputs.prompt === 'required'}
          placeholder={t(`videoStudio.promptPlaceholders.${mode}`)}
          error={promptError}
        />
      ) : null}
      {mode === 'stylize' ? (
        <OptionChips
          label={t('generate.settings.style')}
          value={style}
          onChange={setStyle}
          columns={3}
          options={videoStyles.map((s) => ({ value: s, label: t(`generate.styles.${s}`) }))}
        />
      ) : null}
      {mode === 'extend' ? (
        <OptionChips
          label={t('videoStudio.extendBy')}
          value={runDuration}
          onChange={setDuration}
          onLocked={() => promptUpgrade('longVideo', { seconds: Math.max(...gating.videoSeconds) })}
          columns={2}
          options={extendDurations.map((d) => ({
            value: d,
            label: t('generate.video.seconds', { count: d }),
            locked: !gating.videoSeconds.includes(d),
          }))}
        />
      ) : null}
    </>
  );

  return (
    <StudioShell
      kind="video"
      onSubmit={() => void onGenerate()}
      settings={settings}
      footer={<CostBar quote={quote} submitting={submitting || preparing} blocker={blocker} />}
      results={
        <StudioResults
          kind="video"
          tasks={tasks}
          watermark={gating.watermark}
          onRecreate={(task) => void recreate(task)}
          onRetry={(task) => void retry(task)}
          onPickIdea={setPrompt}
        />
      }
    />
  );
}
