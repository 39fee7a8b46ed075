import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconMusic, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadMedia, UploadError } from '../upload-media';
import { openPicker } from './open-picker';

/** Spec §7: sound uploads are mp3 up to 20 MB. */
const AUDIO_MAX_BYTES = 20 * 1024 * 1024;

export interface PickedAudio {
  key: string;
  name: string;
  previewUrl: string;
}

interface AudioInputProps {
  value: PickedAudio | null;
  onChange: (audio: PickedAudio | null) => void;
  onBusyChange: (busy: boolean) => void;
}

/** A voice track: one mp3, checked here and uploaded, playable before it is used. */
export function AudioInput({ value, onChange, onBusyChange }: AudioInputProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pick = async (file: File) => {
    setError(null);
    if (file.type !== 'audio/mpeg') return setError(t('videoTools.lipSync.audio.notMp3'));
    if (file.size > AUDIO_MAX_BYTES) return setError(t('videoTools.lipSync.audio.tooLarge'));
    setBusy(true);
    onBusyChange(true);
    try {
      const uploaded = await uploadMedia(file);
      onChange({ key: uploaded.key, name: file.name, previewUrl: URL.createObjectURL(file) });
    } catch (cause) {
      const message = cause instanceof UploadError ? cause.serverMessage : null;
      setError(message ?? t('videoTools.lipSync.audio.failed'));
    } finally {
      setBusy(false);
      onBusyChange(false);
    }
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('videoTools.lipSync.audio.label')}
      </Text>
      {value ? (
        <Group gap="xs" wrap="nowrap">
          <IconMusic size={16} aria-hidden="true" />
          <Text size="sm" truncate style={{ flex: 1 }}>
            {value.name}
          </Text>
          <audio src={value.previewUrl} controls style={{ height: 32, maxWidth: '60%' }} />
        </Group>
      ) : null}
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={busy ? <Loader size={14} /> : <IconUpload size={16} />}
          disabled={busy}
          onClick={() => openPicker(input.current)}
        >
          {t(value ? 'videoTools.lipSync.audio.change' : 'videoTools.lipSync.audio.pick')}
        </Button>
        {busy ? (
          <Text size="xs" c="dimmed">
            {t('videoTools.lipSync.audio.uploading')}
          </Text>
        ) : null}
      </Group>
      <input
        ref={input}
        type="file"
        accept="audio/mpeg,.mp3"
        hidden
        data-testid="audio-file"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void pick(file);
        }}
      />
      <Text size="xs" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined}>
        {error ?? t('videoTools.lipSync.audio.hint')}
      </Text>
    </Stack>
  );
}
