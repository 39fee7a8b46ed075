import { ActionIcon, Alert, Group, Loader, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlayerPlayFilled, IconPlayerStopFilled } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVoices } from '../api/list-voices';

interface VoicePickerProps {
  value: string | null;
  onChange: (voice: string) => void;
}

/** The preset speakers as choices, each with a button that plays its sample. */
export function VoicePicker({ value, onChange }: VoicePickerProps) {
  const { t } = useTranslation();
  const voices = useVoices();
  const player = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);

  useEffect(() => () => player.current?.pause(), []);

  const toggle = (id: string, url: string) => {
    player.current?.pause();
    if (playing === id) {
      setPlaying(null);
      return;
    }
    const audio = new Audio(url);
    player.current = audio;
    audio.onended = () => setPlaying(null);
    setPlaying(id);
    audio.play().catch(() => setPlaying(null));
  };

  if (voices.isPending) return <Loader size="sm" />;
  if (voices.isError) {
    return (
      <Alert color="red" variant="light">
        {t('videoTools.lipSync.voices.error')}
      </Alert>
    );
  }
  return (
    <Radio.Group
      value={value}
      onChange={onChange}
      label={t('videoTools.lipSync.voices.label')}
      name="voice"
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={8} mt={6}>
        {voices.data.map((voice) => (
          <Group
            key={voice.id}
            gap="xs"
            wrap="nowrap"
            p={8}
            style={{
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 8,
            }}
          >
            <Radio value={voice.id} aria-label={voice.name} />
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={500} truncate>
                {voice.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {t(`videoTools.lipSync.voices.languages.${voice.language}`)} ·{' '}
                {t(`videoTools.lipSync.voices.${voice.gender}`)}
              </Text>
            </Stack>
            <ActionIcon
              variant="light"
              radius="xl"
              aria-label={
                playing === voice.id
                  ? t('videoTools.lipSync.voices.stop')
                  : t('videoTools.lipSync.voices.play', { name: voice.name })
              }
              onClick={() => toggle(voice.id, voice.sample_url)}
            >
              {playing === voice.id ? (
                <IconPlayerStopFilled size={14} />
              ) : (
                <IconPlayerPlayFilled size={14} />
              )}
            </ActionIcon>
          </Group>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
