import type { VideoRules } from '@lumen/contracts/tools';
import { Button, Text } from '@mantine/core';
import { IconLibraryPhoto, IconVideoPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import classes from '../components/controls.module.css';
import { DropZone, RemoveChosen } from '../components/drop-zone';
import { VideoLibraryPicker, type LibraryClip } from './video-library-picker';
import { readClipFacts, uploadMedia, UploadError } from './upload-media';
import {
  ACCEPTED_VIDEO_TYPES,
  checkClip,
  formatBytes,
  formatDuration,
  usedSeconds,
  type ClipFacts,
  type ClipProblem,
} from './video-rules';

/** A clip chosen for a tool: its stored key, what it is, and where to play it. */
export interface PickedClip extends ClipFacts {
  key: string;
  url: string;
}

interface VideoInputProps {
  label: string;
  /** Task types whose videos the library offers not (spec §4). */
  notFrom?: readonly string[];
  rules: VideoRules;
  value: PickedClip | null;
  onChange: (value: PickedClip | null) => void;
  onBusyChange?: (busy: boolean) => void;
}

type Phase = { state: 'idle' } | { state: 'busy' } | { state: 'error'; message: string };

class ClipCheckError extends Error {
  constructor(readonly problem: ClipProblem) {
    super(problem.key);
  }
}

/**
 * One input clip (spec §7's mp4 picker): uploaded from the device or chosen among the user's
 * own videos, checked against the tool's §5 rules before it is sent and again with the
 * server's reading of it, and previewed trimmed to the part the tool uses.
 */
export function VideoInput({
  label,
  notFrom,
  rules,
  value,
  onChange,
  onBusyChange,
}: VideoInputProps) {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.user !== null);
  const [phase, setPhase] = useState<Phase>({ state: 'idle' });
  const [libraryOpen, setLibraryOpen] = useState(false);

  const busy = phase.state === 'busy';
  useEffect(() => {
    if (!busy) return;
    onBusyChange?.(true);
    return () => onBusyChange?.(false);
  }, [busy, onBusyChange]);

  const describe = (problem: ClipProblem) =>
    t(`videoStudio.clip.problems.${problem.key}`, problem.values);

  function fail(error: unknown) {
    const message =
      error instanceof ClipCheckError
        ? describe(error.problem)
        : error instanceof UploadError && error.message !== 'failed'
          ? error.message
          : describe({ key: 'failed' });
    setPhase({ state: 'error', message });
  }

  const assertFits = (facts: ClipFacts) => {
    const problem = checkClip(facts, rules);
    if (problem) throw new ClipCheckError(problem);
  };

  async function takeFile(file: File) {
    if (!signedIn) {
      useSession.getState().openLogin();
      return;
    }
    setPhase({ state: 'busy' });
    const url = URL.createObjectURL(file);
    try {
      if (file.type !== ACCEPTED_VIDEO_TYPES) throw new ClipCheckError({ key: 'format' });
      if (file.size > rules.maxBytes) {
        throw new ClipCheckError({
          key: 'tooLarge',
          values: { mb: Math.round(rules.maxBytes / (1024 * 1024)) },
        });
      }
      const local = await readClipFacts(url, file.size);
      if (local) assertFits(local);
      const stored = await uploadMedia(file);
      const facts: ClipFacts = {
        bytes: stored.size,
        durationS: stored.duration ?? local?.durationS ?? Number.NaN,
        width: stored.width ?? local?.width ?? 0,
        height: stored.height ?? local?.height ?? 0,
      };
      assertFits(facts);
      if (value?.url.startsWith('blob:')) URL.revokeObjectURL(value.url);
      onChange({ ...facts, key: stored.key, url });
      setPhase({ state: 'idle' });
    } catch (error) {
      URL.revokeObjectURL(url);
      fail(error);
    }
  }

  async function takeLibraryClip(clip: LibraryClip) {
    setPhase({ state: 'busy' });
    try {
      const read = await readClipFacts(clip.url, null);
      const facts: ClipFacts = read ?? {
        bytes: null,
        durationS: clip.durationS ?? 0,
        width: clip.width,
        height: clip.height,
      };
      assertFits(facts);
      onChange({ ...facts, key: clip.key, url: clip.url });
      setPhase({ state: 'idle' });
    } catch (error) {
      fail(error);
    }
  }

  return (
    <DropZone
      label={label}
      accept={ACCEPTED_VIDEO_TYPES}
      icon={<IconVideoPlus size={26} stroke={1.5} aria-hidden="true" />}
      choose={t('videoStudio.clip.choose')}
      hint={t('videoStudio.clip.hint', {
        mb: Math.round(rules.maxBytes / (1024 * 1024)),
        seconds: rules.maxDurationS,
      })}
      busy={busy}
      error={phase.state === 'error' ? phase.message : null}
      onFile={(file) => void takeFile(file)}
      preview={
        value && !busy ? (
          <ClipPreview clip={value} rules={rules} label={label} onRemove={() => onChange(null)} />
        ) : undefined
      }
    >
      {value || busy ? null : (
        <Button
          variant="subtle"
          size="compact-sm"
          mt={4}
          leftSection={<IconLibraryPhoto size={14} />}
          onClick={() => (signedIn ? setLibraryOpen(true) : useSession.getState().openLogin())}
        >
          {t('videoStudio.clip.fromLibrary')}
        </Button>
      )}
      <VideoLibraryPicker
        {...(notFrom ? { notFrom } : {})}
        opened={libraryOpen}
        onClose={() => setLibraryOpen(false)}
        onPick={(clip) => void takeLibraryClip(clip)}
      />
    </DropZone>
  );
}

/** The clip playing in a loop over the part the tool uses, with its length and size. */
function ClipPreview({
  clip,
  rules,
  label,
  onRemove,
}: {
  clip: PickedClip;
  rules: VideoRules;
  label: string;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const used = usedSeconds(clip, rules);
  const trimmed = Number.isFinite(clip.durationS) && used < clip.durationS - 0.05;
  return (
    <div>
      <div className={classes.imagePreview}>
        <video
          src={`${clip.url}#t=0,${used.toFixed(2)}`}
          aria-label={label}
          muted
          autoPlay
          playsInline
          controls
          style={{ width: '100%', height: 168, borderRadius: 8, background: '#000' }}
          onTimeUpdate={(event) => {
            // Loops over the part used only, so the preview is what the tool takes.
            const video = event.currentTarget;
            if (video.currentTime >= used) video.currentTime = 0;
          }}
          onEnded={(event) => void event.currentTarget.play().catch(() => undefined)}
        />
        <RemoveChosen label={label} onRemove={onRemove} />
      </div>
      <Text size="xs" c="dimmed" mt={4} data-testid="clip-facts">
        {[
          Number.isFinite(clip.durationS) ? formatDuration(clip.durationS) : null,
          `${clip.width}×${clip.height}`,
          clip.bytes !== null ? formatBytes(clip.bytes) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      {trimmed ? (
        <Text size="xs" c="dimmed">
          {t('videoStudio.clip.usesFirst', { seconds: used })}
        </Text>
      ) : null}
    </div>
  );
}
