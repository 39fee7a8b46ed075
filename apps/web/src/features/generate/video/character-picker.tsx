import { Anchor, Avatar, Group, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCharacters } from '../../characters/api/list-characters';

interface CharacterPickerProps {
  value: number | null;
  onChange: (id: number | null) => void;
}

/**
 * Character video's subject: one of the user's ready characters (the workshop makes them);
 * while there is none, the way to the workshop.
 */
export function CharacterPicker({ value, onChange }: CharacterPickerProps) {
  const { t } = useTranslation();
  const { data, isPending } = useCharacters();
  const ready = (data ?? []).filter((c) => c.status === 'ready');
  const chosen = ready.find((c) => c.id === value);
  const faceOf = (c: (typeof ready)[number] | undefined) =>
    c?.images[0]?.thumb_url ?? c?.sheet?.thumb_url ?? null;

  if (!isPending && ready.length === 0) {
    return (
      <Text size="sm">
        {t('videoStudio.character.none')}{' '}
        <Anchor component={Link} to="/studio/characters">
          {t('videoStudio.character.create')}
        </Anchor>
      </Text>
    );
  }
  return (
    <Select
      label={t('videoStudio.character.label')}
      placeholder={t('videoStudio.character.placeholder')}
      data={ready.map((c) => ({ value: String(c.id), label: c.name }))}
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(id === null ? null : Number(id))}
      disabled={isPending}
      leftSection={chosen ? <Avatar src={faceOf(chosen)} size={22} radius="xl" /> : undefined}
      renderOption={({ option }) => {
        const character = ready.find((c) => String(c.id) === option.value);
        return (
          <Group gap="xs" wrap="nowrap">
            <Avatar src={faceOf(character)} size={24} radius="xl" />
            <Text size="sm">{option.label}</Text>
          </Group>
        );
      }}
    />
  );
}
