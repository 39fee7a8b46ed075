import { ActionIcon, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconUpload, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openPicker } from './open-picker';
import {
  clipProblem,
  readClipFacts,
  uploadMedia,
  UploadError,
  type ClipFacts,
} from '../upload-media';

export interface PickedClip extends ClipFacts {
  key: string;
  previewUrl: string;
}

interface ClipInputProps {
  value: PickedClip | null;
  onChange: (clip: PickedClip | null) => void;
  onBusyChange: (busy: boolean) => void;
  rules: { maxBytes: number; maxDurationS: number; ratio?: '16:9' | '1:1' };
}

/** One mp4 clip: checked here against the tool's shape and length, then uploaded. */
export function ClipInput({ value, onChange, onBusyChange, rules }: ClipInputProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pick = async (file: File) => {
    setError(null);
    const facts = await readClipFacts(file).catch(() => null);
    const problem = clipProblem(file, facts, rules);
    if (problem || !facts) {
      setError(t(`videoTools.lipSync.clip.${problem?.key ?? 'unreadable'}`, problem?.values));
      return;
    }
    setBusy(true);
    onBusyChange(true);
    try {
      const uploaded = await uploadMedia(file);
      onChange({ ...facts, key: uploaded.key, previewUrl: URL.createObjectURL(file) });
    } catch (cause) {
      const message = cause instanceof UploadError ? cause.serverMessage : null;
      setError(message ?? t('videoTools.lipSync.clip.failed'));
    } finally {
      setBusy(false);
      onBusyChange(false);
    }
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('videoTools.lipSync.clip.label')}
      </Text>
      {value ? (
        <div style={{ position: 'relative', maxWidth: 320 }}>
          <video
            src={value.previewUrl}
            controls
            muted
            playsInline
            style={{ width: '100%', borderRadius: 8, display: 'block' }}
            aria-label={t('videoTools.lipSync.clip.label')}
          />
          <ActionIcon
            variant="filled"
            color="dark"
            radius="xl"
            size="sm"
            style={{ position: 'absolute', top: 6, right: 6 }}
            aria-label={t('videoTools.lipSync.clip.remove')}
            onClick={() => onChange(null)}
          >
            <IconX size={14} />
          </ActionIcon>
          <Text size="xs" c="dimmed" mt={4} hidden={!value.durationS}>
            {t('videoTools.lipSync.clip.facts', {
              width: value.width,
              height: value.height,
              duration: Math.round(value.durationS * 10) / 10,
            })}
          </Text>
        </div>
      ) : null}
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={busy ? <Loader size={14} /> : <IconUpload size={16} />}
          disabled={busy}
          onClick={() => openPicker(input.current)}
        >
          {t(value ? 'videoTools.lipSync.clip.change' : 'videoTools.lipSync.clip.pick')}
        </Button>
        {busy ? (
          <Text size="xs" c="dimmed">
            {t('videoTools.lipSync.clip.uploading')}
          </Text>
        ) : null}
      </Group>
      <input
        ref={input}
        type="file"
        accept="video/mp4"
        hidden
        data-testid="clip-file"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void pick(file);
        }}
      />
      <Text size="xs" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined}>
        {error ?? t('videoTools.lipSync.clip.hint', { seconds: rules.maxDurationS })}
      </Text>
    </Stack>
  );
}
