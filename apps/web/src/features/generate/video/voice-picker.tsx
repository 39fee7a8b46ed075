import { ActionIcon, Group, Loader, Radio, SimpleGrid, Text } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVoices } from '../api/list-voices';
import classes from './video-studio.module.css';

interface VoicePickerProps {
  value: string | null;
  onChange: (voice: string) => void;
}

/** The preset speakers, each with a play button for its sample; one is chosen. */
export function VoicePicker({ value, onChange }: VoicePickerProps) {
  const { t } = useTranslation();
  const voices = useVoices();
  const [playing, setPlaying] = useState<string | null>(null);
  const player = useRef<HTMLAudioElement | null>(null);
  useEffect(() => () => player.current?.pause(), []);

  function toggle(id: string, url: string) {
    player.current?.pause();
    if (playing === id) {
      setPlaying(null);
      return;
    }
    const audio = new Audio(url);
    player.current = audio;
    audio.onended = () => setPlaying(null);
    audio.onerror = () => setPlaying(null);
    setPlaying(id);
    void audio.play().catch(() => setPlaying(null));
  }

  if (voices.isPending) return <Loader size="sm" />;
  if (voices.isError) {
    return (
      <Text size="sm" c="red">
        {t('videoStudio.voice.error')}
      </Text>
    );
  }
  return (
    <Radio.Group value={value} onChange={onChange} label={t('videoStudio.voice.label')}>
      <SimpleGrid cols={2} spacing={6} mt={6}>
        {voices.data.map((voice) => (
          <Group key={voice.id} gap={4} wrap="nowrap" className={classes.voice}>
            <Radio
              value={voice.id}
              label={voice.name}
              description={`${t(`videoStudio.voice.languages.${voice.language}`)} · ${t(`videoStudio.voice.genders.${voice.gender}`)}`}
              style={{ flex: 1, minWidth: 0 }}
            />
            <ActionIcon
              variant="light"
              radius="xl"
              onClick={() => toggle(voice.id, voice.sample_url)}
              aria-label={t(
                playing === voice.id ? 'videoStudio.voice.stop' : 'videoStudio.voice.play',
                {
                  name: voice.name,
                },
              )}
            >
              {playing === voice.id ? <IconPlayerStop size={14} /> : <IconPlayerPlay size={14} />}
            </ActionIcon>
          </Group>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
