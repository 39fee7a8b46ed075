import { ActionIcon, Button, Group, Loader, Text } from '@mantine/core';
import { IconMicrophone, IconPlayerStopFilled, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import classes from '../components/controls.module.css';
import { uploadMedia, UploadError } from './upload-media';
import { toWavFile } from './wav-encode';

/** A voice track chosen for a tool: its stored key and where to play it. */
export interface PickedAudio {
  key: string;
  url: string;
  name: string;
}

/** The sound files taken: mp3 as it is, WAV and m4a (the browser turns m4a into WAV). */
const ACCEPTED_AUDIO = 'audio/mpeg,audio/wav,audio/x-wav,audio/mp4,audio/x-m4a,.mp3,.wav,.m4a';
/** Spec §9: sound uploads up to 20 MB. */
export const AUDIO_MAX_BYTES = 20 * 1024 * 1024;

type Phase =
  | { state: 'idle' }
  | { state: 'recording'; stop: () => void }
  | { state: 'busy' }
  | { state: 'error'; message: string };

interface AudioInputProps {
  label: string;
  value: PickedAudio | null;
  onChange: (value: PickedAudio | null) => void;
  onBusyChange?: (busy: boolean) => void;
}

/** A voice track: an mp3, WAV or m4a file, or a recording made here with the microphone. */
export function AudioInput({ label, value, onChange, onBusyChange }: AudioInputProps) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const signedIn = useSession((s) => s.user !== null);
  const [phase, setPhase] = useState<Phase>({ state: 'idle' });
  const busy = phase.state === 'busy' || phase.state === 'recording';
  useEffect(() => {
    if (!busy) return;
    onBusyChange?.(true);
    return () => onBusyChange?.(false);
  }, [busy, onBusyChange]);

  async function take(file: Blob, name: string) {
    setPhase({ state: 'busy' });
    try {
      if (file.size > AUDIO_MAX_BYTES) throw new UploadError(t('videoStudio.audio.tooLarge'));
      const sendable =
        file.type === 'audio/mpeg' || file.type === 'audio/wav'
          ? new File([file], name, { type: file.type })
          : await toWavFile(file, name).catch(() => {
              throw new UploadError(t('videoStudio.audio.unreadable'));
            });
      const stored = await uploadMedia(sendable);
      onChange({ key: stored.key, url: URL.createObjectURL(sendable), name: sendable.name });
      setPhase({ state: 'idle' });
    } catch (error) {
      const message =
        error instanceof UploadError && error.message !== 'failed'
          ? error.message
          : t('videoStudio.audio.failed');
      setPhase({ state: 'error', message });
    }
  }

  async function record() {
    if (!signedIn) {
      useSession.getState().openLogin();
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const recorder = new MediaRecorder(stream);
      const parts: Blob[] = [];
      recorder.ondataavailable = (event) => parts.push(event.data);
      recorder.onstop = () => {
        for (const track of stream.getTracks()) track.stop();
        void take(new Blob(parts, { type: recorder.mimeType }), 'recording');
      };
      recorder.start();
      setPhase({ state: 'recording', stop: () => recorder.stop() });
    } catch {
      setPhase({ state: 'error', message: t('videoStudio.audio.noMicrophone') });
    }
  }

  if (value) {
    return (
      <div>
        <Text size="sm" fw={600} mb={6}>
          {label}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <audio src={value.url} controls aria-label={label} style={{ flex: 1, minWidth: 0 }} />
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => onChange(null)}
            aria-label={t('generate.upload.remove', { label })}
          >
            <IconX size={16} />
          </ActionIcon>
        </Group>
      </div>
    );
  }
  return (
    <div>
      <Text size="sm" fw={600} mb={6}>
        {label}
      </Text>
      <input
        ref={fileInput}
        type="file"
        aria-label={label}
        accept={ACCEPTED_AUDIO}
        className={classes.visuallyHidden}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void take(file, file.name);
        }}
      />
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconUpload size={16} />}
          disabled={busy}
          onClick={() =>
            signedIn ? fileInput.current?.click() : useSession.getState().openLogin()
          }
        >
          {t('videoStudio.audio.upload')}
        </Button>
        {phase.state === 'recording' ? (
          <Button color="red" leftSection={<IconPlayerStopFilled size={16} />} onClick={phase.stop}>
            {t('videoStudio.audio.stop')}
          </Button>
        ) : (
          <Button
            variant="default"
            leftSection={<IconMicrophone size={16} />}
            disabled={busy}
            onClick={() => void record()}
          >
            {t('videoStudio.audio.record')}
          </Button>
        )}
        {phase.state === 'busy' ? (
          <Loader size="xs" aria-label={t('generate.upload.uploading')} />
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {phase.state === 'recording'
          ? t('videoStudio.audio.recording')
          : t('videoStudio.audio.hint')}
      </Text>
      {phase.state === 'error' ? (
        <Text size="xs" c="red" role="alert" mt={4}>
          {phase.message}
        </Text>
      ) : null}
    </div>
  );
}
