import type { Character } from '@lumen/contracts/characters';
import { Badge, Button, Card, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconRefresh, IconTrash, IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './characters.module.css';

const statusColours = { generating: 'blue', ready: 'teal', failed: 'red' } as const;

/** One character of the list: its state, its sheet once ready, and what can be done with it. */
export function CharacterCard({
  character,
  onUse,
  onRetry,
  onDelete,
}: {
  character: Character;
  onUse: () => void;
  onRetry: () => Promise<void>;
  onDelete: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder radius="md" p="md" data-testid="character-card" data-status={character.status}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} truncate>
            {character.name}
          </Text>
          <Badge color={statusColours[character.status]} variant="light">
            {t(`characters.list.status.${character.status}`)}
          </Badge>
        </Group>
        {character.status === 'generating' ? (
          <Group gap="xs" wrap="nowrap">
            <Loader size="sm" />
            <Progress value={character.progress} flex={1} animated />
          </Group>
        ) : null}
        {character.sheet ? (
          <img
            className={classes.sheet}
            src={character.sheet.url}
            alt={t('characters.list.sheet', { name: character.name })}
          />
        ) : null}
        {character.status === 'failed' && character.error ? (
          <Text size="sm" c="red">
            {character.error}
          </Text>
        ) : null}
        <Group gap="xs">
          {character.status === 'ready' ? (
            <Button size="xs" leftSection={<IconWand size={14} />} onClick={onUse}>
              {t('characters.list.use')}
            </Button>
          ) : null}
          {character.status === 'failed' ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} />}
              loading={busy}
              onClick={() => void act(onRetry)}
            >
              {t('characters.list.retry')}
            </Button>
          ) : null}
          {confirming ? (
            <>
              <Button size="xs" color="red" loading={busy} onClick={() => void act(onDelete)}>
                {t('characters.list.confirmDelete')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                {t('characters.list.cancel')}
              </Button>
            </>
          ) : (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => setConfirming(true)}
            >
              {t('characters.list.delete')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
